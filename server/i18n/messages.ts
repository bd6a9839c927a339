// What the server says to the player, per msgCode and per language, and how it words a
// rejected field. Client screens use Lingui; these are the API's own `msg` texts.
import type { MsgCode } from '../../contract/envelope.ts'
import type { Language } from '../../contract/languages.ts'

type Texts = Record<Language, string>

const messages: Record<MsgCode, Texts> = {
  ok: { 'pt-BR': 'OK', en: 'OK', hi: 'ठीक है' },
  invalid_request: {
    'pt-BR': 'Pedido inválido',
    en: 'Invalid request',
    hi: 'अमान्य अनुरोध',
  },
  token_invalid: {
    'pt-BR': 'Sua sessão expirou. Entre novamente.',
    en: 'Your session has expired. Please sign in again.',
    hi: 'आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।',
  },
  user_exist: {
    'pt-BR': 'Este nome de usuário já está em uso.',
    en: 'This user name is already taken.',
    hi: 'यह उपयोगकर्ता नाम पहले से लिया जा चुका है।',
  },
  already_bound: {
    'pt-BR': 'Esta conta já tem nome de usuário e senha.',
    en: 'This account already has a user name and password.',
    hi: 'इस खाते में पहले से उपयोगकर्ता नाम और पासवर्ड है।',
  },
  cpf_taken: {
    'pt-BR': 'Este CPF já está ligado a outra conta. Cada CPF pode ter uma só conta.',
    en: 'This CPF is already linked to another account. Each CPF may have one account.',
    hi: 'यह CPF पहले से दूसरे खाते से जुड़ा है। हर CPF का एक ही खाता हो सकता है।',
  },
  already_verified: {
    'pt-BR': 'Sua conta já foi verificada com outro CPF. Fale com o atendimento para corrigir.',
    en: 'Your account was already verified with another CPF. Contact support to correct it.',
    hi: 'आपका खाता पहले ही दूसरे CPF से सत्यापित है। सुधार के लिए सहायता से संपर्क करें।',
  },
  login_failed: {
    'pt-BR': 'Nome de usuário ou senha incorretos.',
    en: 'Wrong user name or password.',
    hi: 'गलत उपयोगकर्ता नाम या पासवर्ड।',
  },
  not_found: { 'pt-BR': 'Não encontrado.', en: 'Not found.', hi: 'नहीं मिला।' },
  rate_limited: {
    'pt-BR': 'Muitas tentativas. Aguarde um minuto e tente de novo.',
    en: 'Too many attempts. Wait a minute and try again.',
    hi: 'बहुत अधिक प्रयास। एक मिनट रुककर फिर से प्रयास करें।',
  },
  payload_too_large: {
    'pt-BR': 'O pedido é grande demais.',
    en: 'The request is too large.',
    hi: 'अनुरोध बहुत बड़ा है।',
  },
  unsupported_media_type: {
    'pt-BR': 'Envie o pedido em JSON.',
    en: 'Send the request as JSON.',
    hi: 'अनुरोध JSON में भेजें।',
  },
  server_error: {
    'pt-BR': 'Algo deu errado do nosso lado. Tente de novo em instantes.',
    en: 'Something went wrong on our side. Try again shortly.',
    hi: 'हमारी ओर से कुछ गलत हो गया। थोड़ी देर में फिर से प्रयास करें।',
  },
}

export function messageFor(code: MsgCode, language: Language): string {
  return messages[code][language]
}

export interface FieldIssue {
  field: string
  code: string
  message: string
  params: Record<string, unknown>
}

const fieldNames: Record<string, Texts> = {
  deviceId: { 'pt-BR': 'identificador do aparelho', en: 'device id', hi: 'डिवाइस आईडी' },
  userName: { 'pt-BR': 'nome de usuário', en: 'user name', hi: 'उपयोगकर्ता नाम' },
  password: { 'pt-BR': 'senha', en: 'password', hi: 'पासवर्ड' },
  confirmPassword: { 'pt-BR': 'confirmação da senha', en: 'password confirmation', hi: 'पासवर्ड पुष्टि' },
  language: { 'pt-BR': 'idioma', en: 'language', hi: 'भाषा' },
  fullName: { 'pt-BR': 'nome completo', en: 'full name', hi: 'पूरा नाम' },
  cpf: { 'pt-BR': 'CPF', en: 'CPF', hi: 'CPF' },
  body: { 'pt-BR': 'corpo do pedido', en: 'request body', hi: 'अनुरोध का मुख्य भाग' },
}

type Template = (p: Record<string, unknown>) => string
const problems: Record<string, Record<Language, Template>> = {
  required: {
    'pt-BR': () => 'é obrigatório',
    en: () => 'is required',
    hi: () => 'आवश्यक है',
  },
  invalid_type: {
    'pt-BR': () => 'tem o tipo errado',
    en: () => 'has the wrong type',
    hi: () => 'का प्रकार गलत है',
  },
  too_small: {
    'pt-BR': (p) => `precisa ter pelo menos ${p.minimum} caracteres`,
    en: (p) => `must have at least ${p.minimum} characters`,
    hi: (p) => `में कम से कम ${p.minimum} अक्षर होने चाहिए`,
  },
  too_big: {
    'pt-BR': (p) => `pode ter no máximo ${p.maximum} caracteres`,
    en: (p) => `may have at most ${p.maximum} characters`,
    hi: (p) => `में अधिकतम ${p.maximum} अक्षर हो सकते हैं`,
  },
  unrecognized_keys: {
    'pt-BR': (p) => `tem campos desconhecidos (${(p.keys as string[]).join(', ')})`,
    en: (p) => `has unknown fields (${(p.keys as string[]).join(', ')})`,
    hi: (p) => `में अज्ञात फ़ील्ड हैं (${(p.keys as string[]).join(', ')})`,
  },
  password_mismatch: {
    'pt-BR': () => 'não é igual à senha',
    en: () => 'does not match the password',
    hi: () => 'पासवर्ड से मेल नहीं खाता',
  },
  invalid_cpf: {
    'pt-BR': () => 'não é válido (confira os dígitos)',
    en: () => 'is not valid (check the digits)',
    hi: () => 'मान्य नहीं है (अंक जाँचें)',
  },
  full_name_needed: {
    'pt-BR': () => 'precisa ter nome e sobrenome',
    en: () => 'needs a first and last name',
    hi: () => 'में पहला और अंतिम नाम होना चाहिए',
  },
  invalid: {
    'pt-BR': () => 'não é válido',
    en: () => 'is not valid',
    hi: () => 'मान्य नहीं है',
  },
}

/** One readable sentence per rejected field, in the player's language. */
export function describeIssues(issues: FieldIssue[], language: Language): string {
  const parts = issues.map((issue) => {
    const field = fieldNames[issue.field]?.[language] ?? (issue.field || fieldNames.body?.[language])
    let problem = problems.invalid
    if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) problem = problems.required
    else if (issue.code === 'custom' && issue.message in problems) problem = problems[issue.message]
    else if (issue.code === 'too_small' && issue.params.origin === 'string') problem = problems.too_small
    else if (issue.code === 'too_big' && issue.params.origin === 'string') problem = problems.too_big
    else if (issue.code in problems) problem = problems[issue.code]
    return `${field} ${(problem ?? problems.invalid)?.[language](issue.params)}`
  })
  const sentence = parts.join('; ')
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}
