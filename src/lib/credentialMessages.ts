// Words for each credential problem, in the player's language.
import { t } from '@lingui/core/macro'
import { type CredentialProblem, passwordRule, userNameRule } from '../../contract/credentials.ts'

export function userNameMessage(problem: CredentialProblem): string {
  switch (problem) {
    case 'required':
      return t`Informe um nome de usuário.`
    case 'too_short':
    case 'too_long':
      return t`O nome precisa ter de ${userNameRule.min} a ${userNameRule.max} caracteres.`
    case 'characters':
      return t`Use só letras, números, ponto e sublinhado.`
    default:
      return ''
  }
}

export function passwordMessage(problem: CredentialProblem): string {
  switch (problem) {
    case 'required':
      return t`Informe uma senha.`
    case 'too_short':
    case 'too_long':
      return t`A senha precisa ter de ${passwordRule.min} a ${passwordRule.max} caracteres.`
    default:
      return ''
  }
}

export function confirmationMessage(problem: CredentialProblem): string {
  return problem === 'required' ? t`Repita a senha.` : t`As senhas não são iguais.`
}
