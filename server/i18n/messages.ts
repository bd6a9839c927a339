// What the server says to the player, per msgCode, and how it words a rejected field: the API's
// own `msg` texts (client screens use Lingui macros). Each text is a pt-BR message descriptor
// translated in locales/*/server.po; the values a refusal carries are formatted here first.
import { formatCountdown } from '../../contract/countdown.ts'
import type { MsgCode } from '../../contract/envelope.ts'
import type { Language } from '../../contract/languages.ts'
import { type Currency, formatMoney } from '../../contract/money.ts'
import { type MessageDescriptor, say, type TextValues } from './catalog.ts'

/** Values a refusal fills into its message: amounts in centavos, times in epoch ms. */
export type MessageParams = Record<string, string | number>

export interface MessageFormat {
  money(minor: number): string
  time(epochMs: number): string
  /** A country's name (ISO 3166-1 alpha-2) in the reader's language. */
  region(code: string): string
}

/** The text a msgCode has when its refusal carries no values. */
const plain = {
  account_frozen: /*i18n*/ { id: 'account_frozen', message: 'Sua conta está em análise. Fale com o atendimento.' },
  regulatory_check: /*i18n*/ {
    id: 'regulatory_check',
    message:
      'Estamos concluindo verificações regulatórias exigidas por lei. Até lá, apostas, depósitos e prêmios ficam indisponíveis; avisaremos você em breve.',
  },
  outside_market: /*i18n*/ {
    id: 'outside_market',
    message:
      'Depósitos, saques e jogos só podem ser feitos de dentro do país onde operamos, e seu endereço de internet está fora dele. Seu saldo continua guardado.',
  },
  account_closed: /*i18n*/ { id: 'account_closed', message: 'Esta conta foi encerrada. Fale com o atendimento.' },
  account_closing: /*i18n*/ {
    id: 'account_closing',
    message:
      'Sua conta está sendo encerrada: apostas, depósitos, saques e prêmios pararam. O saldo vai para uma chave PIX no seu CPF.',
  },
  account_closed_barred: /*i18n*/ {
    id: 'account_closed_barred',
    message:
      'Esta conta foi encerrada porque o seu CPF consta no cadastro de pessoas impedidas de apostar, mantido pelo Ministério da Fazenda (SIGAP). O saldo foi pago numa chave PIX no seu CPF. Dúvidas: fale com o atendimento.',
  },
  account_closed_self: /*i18n*/ {
    id: 'account_closed_self',
    message: 'Você encerrou esta conta. Só o atendimento pode reabri-la.',
  },
  cpf_account_closed: /*i18n*/ {
    id: 'cpf_account_closed',
    message: 'Este CPF pertence a uma conta encerrada. Só o atendimento pode reabri-la.',
  },
  closure_not_open: /*i18n*/ { id: 'closure_not_open', message: 'Este encerramento não está mais em aberto.' },
  account_not_closed: /*i18n*/ { id: 'account_not_closed', message: 'Esta conta não está encerrada.' },
  account_has_balance: /*i18n*/ {
    id: 'account_has_balance',
    message: 'A conta ainda tem saldo ou um saque em andamento: o jogador precisa sacar antes do encerramento.',
  },
  success: /*i18n*/ { id: 'success', message: 'OK' },
  request_id_required: /*i18n*/ {
    id: 'request_id_required',
    message:
      'Este pedido movimenta dinheiro e precisa de um requestId, para nunca ser feito duas vezes. Atualize o app.',
  },
  prize_not_from_client: /*i18n*/ {
    id: 'prize_not_from_client',
    message: 'Prêmios são sorteados e creditados pelo servidor; nenhum valor escolhido pelo app é creditado.',
  },
  not_cpf_key: /*i18n*/ {
    id: 'not_cpf_key',
    message: 'Informe o seu CPF no campo da conta: ele é exigido para depositar.',
  },
  invalid_request: /*i18n*/ { id: 'invalid_request', message: 'Pedido inválido' },
  token_invalid: /*i18n*/ { id: 'token_invalid', message: 'Sua sessão expirou. Entre novamente.' },
  user_exist: /*i18n*/ { id: 'user_exist', message: 'Este nome de usuário já está em uso.' },
  already_bound: /*i18n*/ { id: 'already_bound', message: 'Esta conta já tem nome de usuário e senha.' },
  cpf_taken: /*i18n*/ {
    id: 'cpf_taken',
    message: 'Este CPF já está ligado a outra conta. Cada CPF pode ter uma só conta.',
  },
  already_verified: /*i18n*/ {
    id: 'already_verified',
    message: 'Sua conta já foi verificada com outro CPF. Fale com o atendimento para corrigir.',
  },
  login_failed: /*i18n*/ { id: 'login_failed', message: 'Nome de usuário ou senha incorretos.' },
  verification_required: /*i18n*/ {
    id: 'verification_required',
    message: 'Antes do primeiro depósito, informe seu nome completo e CPF.',
  },
  identity_under_age: /*i18n*/ {
    id: 'identity_under_age',
    message: 'Apostas são só para maiores de 18 anos: pela data de nascimento, você ainda não pode abrir uma conta.',
  },
  identity_barred: /*i18n*/ {
    id: 'identity_barred',
    message:
      'Este CPF está impedido de apostar aqui (Lei 14.790/2023, art. 26: sócios, funcionários e pessoas impedidas). Fale com o atendimento se for um engano.',
  },
  identity_cpf_suspended: /*i18n*/ {
    id: 'identity_cpf_suspended',
    message: 'Seu CPF está suspenso na Receita Federal. Regularize-o (gov.br ou uma agência) e tente de novo.',
  },
  identity_cpf_deceased: /*i18n*/ {
    id: 'identity_cpf_deceased',
    message:
      'A Receita Federal registra este CPF como de uma pessoa falecida. Não é possível verificar a conta com ele.',
  },
  verification_pending: /*i18n*/ {
    id: 'verification_pending',
    message:
      'Seus dados estão em análise por nossa equipe. Avisaremos aqui assim que for decidido; depois disso você pode depositar.',
  },
  verification_review_limit: /*i18n*/ {
    id: 'verification_review_limit',
    message: 'Muitas verificações foram enviadas desta rede hoje. Tente de novo amanhã ou fale com o suporte.',
  },
  barred_list_invalid: /*i18n*/ {
    id: 'barred_list_invalid',
    message: 'A lista não foi carregada: confira os CPFs e as categorias. Nada mudou.',
  },
  verification_taken: /*i18n*/ { id: 'verification_taken', message: 'Outro operador já decidiu esta verificação.' },
  sanctions_list_invalid: /*i18n*/ {
    id: 'sanctions_list_invalid',
    message: 'O arquivo não é a lista consolidada de sanções da ONU (XML). Nada mudou.',
  },
  sanctions_match_taken: /*i18n*/ {
    id: 'sanctions_match_taken',
    message: 'Outro operador já decidiu esta coincidência com a lista de sanções.',
  },
  aml_report_year_open: /*i18n*/ {
    id: 'aml_report_year_open',
    message: 'O relatório anual de PLD é feito para um ano já encerrado.',
  },
  reward_verification_required: /*i18n*/ {
    id: 'reward_verification_required',
    message: 'Promoções são só para contas verificadas: informe nome completo, CPF e data de nascimento em Depositar.',
  },
  age_not_confirmed: /*i18n*/ {
    id: 'age_not_confirmed',
    message: 'Confirme que você tem 18 anos ou mais para depositar, jogar e receber promoções.',
  },
  self_excluded: /*i18n*/ {
    id: 'self_excluded',
    message: 'Você pediu uma pausa. Depósitos, jogos e promoções estão bloqueados; saques continuam liberados.',
  },
  loss_limit_reached: /*i18n*/ { id: 'loss_limit_reached', message: 'Esta aposta passaria do seu limite de perda.' },
  session_limit_reached: /*i18n*/ {
    id: 'session_limit_reached',
    message: 'Você chegou ao seu limite de tempo de jogo.',
  },
  registration_limits_required: /*i18n*/ {
    id: 'registration_limits_required',
    message:
      'Antes de depositar, jogar ou receber promoções, defina seu limite diário de perda e seu limite diário de tempo de jogo em Limites e controle (obrigatórios pela Portaria SPA/MF 2.579/2025).',
  },
  limit_required: /*i18n*/ {
    id: 'limit_required',
    message:
      'O limite diário de perda e o limite diário de tempo são obrigatórios: você pode aumentá-los ou diminuí-los, mas não removê-los.',
  },
  case_decided: /*i18n*/ { id: 'case_decided', message: 'Este caso já foi decidido por outro operador.' },
  exclusion_not_extended: /*i18n*/ {
    id: 'exclusion_not_extended',
    message: 'Uma exclusão só pode ser prolongada, nunca encurtada.',
  },
  reality_check_due: /*i18n*/ {
    id: 'reality_check_due',
    message: 'Hora de uma pausa rápida: veja quanto tempo você jogou e o resultado antes de continuar.',
  },
  deposit_limit_reached: /*i18n*/ {
    id: 'deposit_limit_reached',
    message: 'Este depósito passaria do seu limite de depósito.',
  },
  amount_out_of_range: /*i18n*/ { id: 'amount_out_of_range', message: 'Valor fora dos limites permitidos.' },
  insufficient_balance: /*i18n*/ { id: 'insufficient_balance', message: 'Saldo insuficiente para esta aposta.' },
  game_not_found: /*i18n*/ { id: 'game_not_found', message: 'Este jogo não existe ou saiu do catálogo.' },
  snapshot_not_found: /*i18n*/ {
    id: 'snapshot_not_found',
    message: 'Não há registro congelado deste dia: o dia ainda não terminou ou é anterior ao início do registro.',
  },
  liability_proof_not_found: /*i18n*/ {
    id: 'liability_proof_not_found',
    message: 'Ainda não há prova de saldos com a sua conta: ela é feita quando o dia fecha, depois da meia-noite.',
  },
  invalid_bet: /*i18n*/ { id: 'invalid_bet', message: 'Esta aposta não existe neste jogo.' },
  launch_token_invalid: /*i18n*/ {
    id: 'launch_token_invalid',
    message: 'O link do jogo venceu ou já foi usado. Feche e abra o jogo de novo.',
  },
  game_session_closed: /*i18n*/ {
    id: 'game_session_closed',
    message: 'Esta sessão de jogo foi encerrada. Feche e abra o jogo de novo.',
  },
  seed_not_set: /*i18n*/ {
    id: 'seed_not_set',
    message: 'Escolha sua semente do cliente antes da primeira rodada: feche e abra o jogo de novo.',
  },
  seed_commitment_changed: /*i18n*/ {
    id: 'seed_commitment_changed',
    message: 'O próximo par de sementes não é mais o que você viu. Confira o novo hash e tente de novo.',
  },
  promotions_off: /*i18n*/ {
    id: 'promotions_off',
    message: 'As promoções estão desligadas. Nenhum bônus é oferecido agora.',
  },
  promotion_off: /*i18n*/ { id: 'promotion_off', message: 'Esta promoção não está ativa.' },
  promotion_forbidden: /*i18n*/ {
    id: 'promotion_forbidden',
    message: 'As regras deste mercado proíbem esta promoção: ela não é oferecida aqui.',
  },
  reward_claimed: /*i18n*/ { id: 'reward_claimed', message: 'Você já recebeu esta recompensa.' },
  sign_in_done: /*i18n*/ { id: 'sign_in_done', message: 'Você já fez o check-in de hoje. Volte amanhã.' },
  push_endpoint_refused: /*i18n*/ {
    id: 'push_endpoint_refused',
    message: 'Este navegador usa um serviço de notificações que não aceitamos.',
  },
  wheel_wait: /*i18n*/ { id: 'wheel_wait', message: 'A roleta grátis ainda não liberou.' },
  task_incomplete: /*i18n*/ { id: 'task_incomplete', message: 'Esta tarefa ainda não foi concluída.' },
  nothing_to_claim: /*i18n*/ { id: 'nothing_to_claim', message: 'Não há recompensa de convite para receber agora.' },
  install_not_reported: /*i18n*/ {
    id: 'install_not_reported',
    message: 'O bônus por instalar vale depois de instalar o app pelo convite de instalação do navegador.',
  },
  request_id_reused: /*i18n*/ {
    id: 'request_id_reused',
    message: 'Este pedido já foi feito com outros dados. Tente de novo.',
  },
  webhook_refused: /*i18n*/ {
    id: 'webhook_refused',
    message: 'Notificação recusada: assinatura ausente, inválida ou vencida.',
  },
  needs_verification: /*i18n*/ {
    id: 'needs_verification',
    message: 'Para sacar, vincule nome e senha à conta e informe seu nome completo e CPF. Nenhum depósito é exigido.',
  },
  exist_process_order: /*i18n*/ {
    id: 'exist_process_order',
    message: 'Você já tem um saque em andamento. Acompanhe-o antes de pedir outro.',
  },
  amount_below_minimum: /*i18n*/ { id: 'amount_below_minimum', message: 'Valor abaixo do mínimo.' },
  amount_above_withdrawable: /*i18n*/ { id: 'amount_above_withdrawable', message: 'Saldo sacável insuficiente.' },
  daily_limit_reached: /*i18n*/ { id: 'daily_limit_reached', message: 'Limite diário de saque atingido.' },
  bonus_wagering_incomplete: /*i18n*/ {
    id: 'bonus_wagering_incomplete',
    message: 'Seu saldo agora é só bônus, que ainda precisa ser apostado.',
  },
  invalid_pix_key: /*i18n*/ { id: 'invalid_pix_key', message: 'Chave PIX inválida para o tipo escolhido.' },
  cpf_key_mismatch: /*i18n*/ { id: 'cpf_key_mismatch', message: 'A chave CPF precisa ser o CPF desta conta.' },
  holder_name_mismatch: /*i18n*/ {
    id: 'holder_name_mismatch',
    message: 'Saques só vão para contas no nome do titular desta conta.',
  },
  pix_key_not_owned: /*i18n*/ {
    id: 'pix_key_not_owned',
    message:
      'Esta chave PIX não está registrada no seu CPF. Por lei, saques só vão para contas suas: use uma chave do seu CPF.',
  },
  password_required: /*i18n*/ { id: 'password_required', message: 'Confirme o saque com a senha da sua conta.' },
  password_wrong: /*i18n*/ { id: 'password_wrong', message: 'Senha incorreta.' },
  withdraw_locked: /*i18n*/ {
    id: 'withdraw_locked',
    message: 'Muitas senhas erradas. Os saques estão bloqueados por 15 minutos.',
  },
  charge_already_paid: /*i18n*/ { id: 'charge_already_paid', message: 'Esta cobrança já foi paga.' },
  charge_expired: /*i18n*/ { id: 'charge_expired', message: 'Esta cobrança expirou.' },
  payment_provider_unavailable: /*i18n*/ {
    id: 'payment_provider_unavailable',
    message: 'O banco do PIX não respondeu agora. Nada foi cobrado nem descontado; tente de novo em alguns minutos.',
  },
  order_not_correctable: /*i18n*/ {
    id: 'order_not_correctable',
    message: 'Este saque não está esperando uma correção.',
  },
  login_locked: /*i18n*/ {
    id: 'login_locked',
    message: 'Senha errada muitas vezes nesta conta. Espere um pouco e tente de novo.',
  },
  withdrawProcessing: /*i18n*/ {
    id: 'withdrawProcessing',
    message: 'Você tem um saque em andamento. Acompanhe-o até ser pago.',
  },
  needPlayGame: /*i18n*/ {
    id: 'needPlayGame',
    message: 'Seu saldo é bônus: aposte o que falta do requisito de apostas para ele virar dinheiro sacável.',
  },
  device_login_failed: /*i18n*/ {
    id: 'device_login_failed',
    message:
      'Este aparelho não pode entrar sozinho: falta o código secreto que ele recebeu no primeiro acesso, ou ele foi desconectado. Entre com seu nome de usuário e senha.',
  },
  busy: /*i18n*/ { id: 'busy', message: 'Muita gente entrando agora. Tente de novo em alguns segundos.' },
  service_unavailable: /*i18n*/ {
    id: 'service_unavailable',
    message: 'O serviço está se reconectando. Tente de novo em alguns segundos.',
  },
  not_found: /*i18n*/ { id: 'not_found', message: 'Não encontrado.' },
  ops_token_invalid: /*i18n*/ { id: 'ops_token_invalid', message: 'Token de operador ausente ou errado.' },
  ops_session_invalid: /*i18n*/ {
    id: 'ops_session_invalid',
    message: 'Sua sessão no console terminou. Entre de novo.',
  },
  ops_login_failed: /*i18n*/ { id: 'ops_login_failed', message: 'E-mail ou senha errados, ou operador desativado.' },
  ops_totp_required: /*i18n*/ {
    id: 'ops_totp_required',
    message: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
  },
  ops_login_throttled: /*i18n*/ {
    id: 'ops_login_throttled',
    message:
      'Muitas tentativas erradas nesta conta ou nesta rede. Espere um pouco, ou entre agora com a senha e o código do autenticador.',
  },
  ops_totp_locked: /*i18n*/ {
    id: 'ops_totp_locked',
    message:
      'Códigos do autenticador errados demais. Espere antes de tentar de novo e avise um administrador se não foi você.',
  },
  ops_totp_enrolment_required: /*i18n*/ {
    id: 'ops_totp_enrolment_required',
    message: 'Sua função exige um segundo fator: cadastre o autenticador antes de continuar.',
  },
  report_period_invalid: /*i18n*/ {
    id: 'report_period_invalid',
    message: 'Escolha um período mais curto, com a data inicial antes da final.',
  },
  regulatory_file_not_found: /*i18n*/ { id: 'regulatory_file_not_found', message: 'Este arquivo não existe.' },
  regulatory_file_not_rejected: /*i18n*/ {
    id: 'regulatory_file_not_rejected',
    message: 'Só um arquivo recusado pelo SIGAP pode ser reenviado.',
  },
  ops_forbidden: /*i18n*/ { id: 'ops_forbidden', message: 'Sua função não permite esta ação.' },
  ops_setup_link_invalid: /*i18n*/ {
    id: 'ops_setup_link_invalid',
    message: 'Este link de acesso já foi usado ou expirou. Peça um novo a um administrador.',
  },
  game_switched_off: /*i18n*/ {
    id: 'game_switched_off',
    message: 'Este jogo está indisponível agora. Seu saldo está guardado; escolha outro jogo.',
  },
  market_rule_forbids: /*i18n*/ {
    id: 'market_rule_forbids',
    message: 'As regras deste mercado não permitem esta recompensa: ela não pode ser ligada.',
  },
  ops_last_admin: /*i18n*/ {
    id: 'ops_last_admin',
    message: 'Este é o último administrador ativo: dê a função de administrador a outra pessoa antes.',
  },
  ops_own_account: /*i18n*/ {
    id: 'ops_own_account',
    message: 'Você não pode mudar a própria função, nem desativar ou redefinir a própria conta.',
  },
  ops_operator_exists: /*i18n*/ { id: 'ops_operator_exists', message: 'Já existe um operador com este e-mail.' },
  withdrawal_taken: /*i18n*/ { id: 'withdrawal_taken', message: 'Outro operador já decidiu este saque.' },
  adjustment_taken: /*i18n*/ { id: 'adjustment_taken', message: 'Outro operador já decidiu este ajuste.' },
  harm_intervention_answered: /*i18n*/ {
    id: 'harm_intervention_answered',
    message: 'Este aviso já foi respondido.',
  },
  harm_score_not_lower: /*i18n*/ {
    id: 'harm_score_not_lower',
    message: 'A nova pontuação precisa ser menor que a atual.',
  },
  harm_review_taken: /*i18n*/ { id: 'harm_review_taken', message: 'Outro operador já decidiu este pedido.' },
  four_eyes_required: /*i18n*/ {
    id: 'four_eyes_required',
    message: 'Ajuste acima do limite: ficou esperando a aprovação de um segundo operador.',
  },
  four_eyes_same_operator: /*i18n*/ {
    id: 'four_eyes_same_operator',
    message: 'Quem pediu o ajuste não pode aprová-lo: outro operador precisa decidir.',
  },
  four_eyes_not_independent: /*i18n*/ {
    id: 'four_eyes_not_independent',
    message:
      'Quem pediu e quem aprova não são independentes: um criou, redefiniu ou mudou a função do outro há pouco. Outro operador precisa decidir.',
  },
  weak_password: /*i18n*/ { id: 'weak_password', message: 'Use uma senha de 12 a 64 caracteres que não seja comum.' },
  player_not_found: /*i18n*/ { id: 'player_not_found', message: 'Não existe jogador com este número.' },
  rate_limited: /*i18n*/ { id: 'rate_limited', message: 'Muitas tentativas. Aguarde um minuto e tente de novo.' },
  payload_too_large: /*i18n*/ { id: 'payload_too_large', message: 'O pedido é grande demais.' },
  unsupported_media_type: /*i18n*/ { id: 'unsupported_media_type', message: 'Envie o pedido em JSON.' },
  server_error: /*i18n*/ { id: 'server_error', message: 'Algo deu errado do nosso lado. Tente de novo em instantes.' },
  current_password_wrong: /*i18n*/ {
    id: 'current_password_wrong',
    message: 'A senha atual não confere. Se você a esqueceu, troque-a com seu CPF e data de nascimento.',
  },
  identity_not_confirmed: /*i18n*/ {
    id: 'identity_not_confirmed',
    message: 'Não foi possível confirmar estes dados. Confira o CPF e a data de nascimento da conta verificada.',
  },
  password_change_locked: /*i18n*/ {
    id: 'password_change_locked',
    message: 'Muitas tentativas erradas. Por segurança, a troca de senha desta conta está pausada por uma hora.',
  },
  reset_code_invalid: /*i18n*/ {
    id: 'reset_code_invalid',
    message: 'Este código não vale: ele pode estar errado, já usado ou vencido. Peça um novo ao atendimento.',
  },
  contact_code_invalid: /*i18n*/ {
    id: 'contact_code_invalid',
    message: 'Este código não confere ou já venceu. Confira o código recebido ou peça um novo.',
  },
  contact_code_locked: /*i18n*/ {
    id: 'contact_code_locked',
    message: 'Este código recebeu tentativas erradas demais e não vale mais. Peça um novo código.',
  },
  contact_send_limited: /*i18n*/ {
    id: 'contact_send_limited',
    message: 'Já enviamos códigos demais na última hora. Espere um pouco e peça de novo.',
  },
  password_not_set: /*i18n*/ {
    id: 'password_not_set',
    message: 'Esta conta ainda não tem nome de usuário e senha. Crie-os em Perfil → Segurança da conta.',
  },
  face_not_pending: /*i18n*/ {
    id: 'face_not_pending',
    message: 'Não há verificação de rosto pendente. Informe primeiro nome completo, CPF e data de nascimento.',
  },
  face_unavailable: /*i18n*/ {
    id: 'face_unavailable',
    message: 'Não conseguimos conferir seu rosto agora. Tente de novo em alguns minutos.',
  },
  face_step_up_failed: /*i18n*/ {
    id: 'face_step_up_failed',
    message:
      'Não conseguimos confirmar que é você. Tente de novo com o rosto bem iluminado, de frente para a câmera, sem óculos escuros.',
  },
  face_step_up_required: /*i18n*/ {
    id: 'face_step_up_required',
    message: 'Por segurança, confirme seu rosto antes deste saque.',
  },
  session_idle: /*i18n*/ {
    id: 'session_idle',
    message: 'Sua sessão terminou porque o app ficou um tempo sem uso. Entre de novo com sua passkey ou senha.',
  },
  passkey_failed: /*i18n*/ {
    id: 'passkey_failed',
    message: 'Não conseguimos confirmar esta passkey. Tente de novo ou use sua senha.',
  },
  passkey_not_enrolled: /*i18n*/ {
    id: 'passkey_not_enrolled',
    message: 'Não conseguimos cadastrar a passkey. Tente de novo.',
  },
} satisfies { [Code in MsgCode]: MessageDescriptor & { id: Code } }

/** A refusal's own values: the text that says them and the values, formatted for the reader. */
type Detailed = (p: MessageParams, f: MessageFormat) => [MessageDescriptor, TextValues?]

// Up to this many seconds the wait reads as a count, beyond it as a clock time.
const SHORT_WAIT_SECONDS = 90

const detailed: Partial<Record<MsgCode, Detailed>> = {
  cpf_account_closed: (p, f) => [
    /*i18n*/ {
      id: 'cpf_account_closed.detailed',
      message:
        'Este CPF pertence a uma conta encerrada. Ela não pode ser reaberta nem substituída por outra antes de {reopenFrom}; depois disso, o atendimento pode reabri-la.',
    },
    { reopenFrom: f.time(Number(p.reopenFrom)) },
  ],
  password_change_locked: (p, f) => [
    /*i18n*/ {
      id: 'password_change_locked.detailed',
      message:
        'Muitas tentativas erradas. Por segurança, a troca de senha desta conta volta às {retryAt}. O atendimento também pode ajudar.',
    },
    { retryAt: f.time(Number(p.retryAt)) },
  ],
  barred_list_invalid: (p) => [
    /*i18n*/ {
      id: 'barred_list_invalid.detailed',
      comment: 'hasLine: yes when the problem is on one line of the uploaded list; problem: what is wrong with it',
      message:
        'A lista não foi carregada: {hasLine, select, yes {linha {line}: } other {}}{problem, select, invalid_cpf {CPF inválido} unknown_category {categoria desconhecida (use owner, staff ou other)} too_many {linhas demais} other {{problem}}}. Nada mudou.',
    },
    { hasLine: p.line ? 'yes' : 'no', line: p.line ?? '', problem: p.problem ?? '' },
  ],
  deposit_limit_reached: (p, f) => [
    /*i18n*/ {
      id: 'deposit_limit_reached.detailed',
      message:
        'Este depósito passaria do seu limite {period, select, day {diário} week {semanal} month {mensal} other {}} de {limit}. Você ainda pode depositar {remaining} até {resetsAt}.',
    },
    {
      period: p.period,
      limit: f.money(Number(p.limit)),
      remaining: f.money(Number(p.remaining)),
      resetsAt: f.time(Number(p.resetsAt)),
    },
  ],
  loss_limit_reached: (p, f) => [
    /*i18n*/ {
      id: 'loss_limit_reached.detailed',
      message:
        'Esta aposta passaria do seu limite de perda {period, select, day {diário} week {semanal} month {mensal} other {}} de {limit}. Resta {remaining}; o limite volta a zero em {resetsAt}.',
    },
    {
      period: p.period,
      limit: f.money(Number(p.limit)),
      remaining: f.money(Number(p.remaining)),
      resetsAt: f.time(Number(p.resetsAt)),
    },
  ],
  session_limit_reached: (p, f) => [
    p.limit === 'day'
      ? /*i18n*/ {
          id: 'session_limit_reached.day',
          message:
            'Você chegou ao seu limite de {minutes} minutos de jogo por dia. Dá para jogar de novo a partir de {resetsAt}.',
        }
      : /*i18n*/ {
          id: 'session_limit_reached.session',
          message:
            'Você chegou ao seu limite de {minutes} minutos por sessão. Faça uma pausa: dá para jogar de novo a partir de {resetsAt}.',
        },
    { minutes: p.minutes, resetsAt: f.time(Number(p.resetsAt)) },
  ],
  amount_out_of_range: (p, f) => [
    /*i18n*/ { id: 'amount_out_of_range.detailed', message: 'O valor precisa ficar entre {min} e {max}.' },
    { min: f.money(Number(p.min)), max: f.money(Number(p.max)) },
  ],
  self_excluded: (p, f) =>
    p.until
      ? [
          /*i18n*/ {
            id: 'self_excluded.until',
            message:
              'Você pediu uma pausa até {until}. Depósitos, jogos e promoções voltam depois disso; saques continuam liberados.',
          },
          { until: f.time(Number(p.until)) },
        ]
      : [
          /*i18n*/ {
            id: 'self_excluded.permanent',
            message:
              'Você pediu uma pausa por tempo indeterminado. Depósitos, jogos e promoções estão bloqueados; saques continuam liberados.',
          },
        ],
  four_eyes_not_independent: (p, f) => [
    /*i18n*/ {
      id: 'four_eyes_not_independent.detailed',
      comment: 'grant: how the first operator was tied to the second; operator and grantedBy are names',
      message:
        '{operator} {grant, select, create {foi criado(a)} reset {teve o acesso redefinido} other {recebeu a função atual}} por {grantedBy} em {at}: até {until}, um não aprova o que o outro pediu. Outro operador precisa decidir.',
    },
    {
      grant: String(p.grant),
      operator: String(p.operator),
      grantedBy: String(p.grantedBy),
      at: f.time(Number(p.at)),
      until: f.time(Number(p.until)),
    },
  ],
  amount_below_minimum: (p, f) => [
    /*i18n*/ { id: 'amount_below_minimum.detailed', message: 'O saque mínimo é {min}.' },
    { min: f.money(Number(p.min)) },
  ],
  amount_above_withdrawable: (p, f) => [
    /*i18n*/ {
      id: 'amount_above_withdrawable.detailed',
      message: 'Você pode sacar até {withdrawable} agora (seu dinheiro sacável).',
    },
    { withdrawable: f.money(Number(p.withdrawable)) },
  ],
  daily_limit_reached: (p, f) => [
    /*i18n*/ {
      id: 'daily_limit_reached.detailed',
      message: 'O limite diário de saque é {dailyMax}; hoje ainda cabem {remaining}. Ele renova em {resetsAt}.',
    },
    {
      dailyMax: f.money(Number(p.dailyMax)),
      remaining: f.money(Number(p.remaining)),
      resetsAt: f.time(Number(p.resetsAt)),
    },
  ],
  bonus_wagering_incomplete: (p, f) => [
    /*i18n*/ {
      id: 'bonus_wagering_incomplete.detailed',
      message: 'Seu saldo agora é só bônus. Ele vira dinheiro sacável depois de apostar mais {remaining}.',
    },
    { remaining: f.money(Number(p.remaining)) },
  ],
  invalid_pix_key: (p) => [
    /*i18n*/ {
      id: 'invalid_pix_key.detailed',
      comment: 'problem: what is wrong with the key the player typed',
      message:
        '{problem, select, empty {Informe a chave PIX.} invalid_cpf {CPF inválido: confira os 11 dígitos.} invalid_phone {Telefone inválido: DDD + número, 11 dígitos (o +55 é fixo).} invalid_email {E-mail inválido.} invalid_random {Chave aleatória inválida: 32 letras e números no formato 8-4-4-4-12.} other {Chave PIX inválida.}}',
    },
    { problem: String(p.problem) },
  ],
  insufficient_balance: (p, f) => [
    /*i18n*/ {
      id: 'insufficient_balance.detailed',
      message: 'Saldo insuficiente: a aposta é {bet} e seu saldo é {balance}.',
    },
    { bet: f.money(Number(p.bet)), balance: f.money(Number(p.balance)) },
  ],
  sign_in_done: (p, f) => [
    /*i18n*/ {
      id: 'sign_in_done.detailed',
      message: 'Você já fez o check-in de hoje. O próximo libera em {nextAt} (meia-noite de Brasília).',
    },
    { nextAt: f.time(Number(p.nextAt)) },
  ],
  wheel_wait: (p) => [
    /*i18n*/ { id: 'wheel_wait.detailed', message: 'A roleta grátis libera de novo em {wait}.' },
    { wait: formatCountdown(Number(p.seconds) * 1000) },
  ],
  task_incomplete: (p) => [
    /*i18n*/ {
      id: 'task_incomplete.detailed',
      message: '{left, plural, one {Falta # rodada} other {Faltam # rodadas}} de {game} para concluir esta tarefa.',
    },
    { left: Number(p.left), game: p.game },
  ],
  invalid_bet: (p) => [
    /*i18n*/ {
      id: 'invalid_bet.detailed',
      message: 'Esta aposta não existe neste jogo. Escolha uma destas: {levels}.',
    },
    { levels: p.levels },
  ],
  password_wrong: (p) => [
    /*i18n*/ {
      id: 'password_wrong.detailed',
      message:
        'Senha incorreta. {attemptsLeft, plural, one {Mais # tentativa errada} other {Mais # tentativas erradas}} e os saques ficam bloqueados por 15 minutos.',
    },
    { attemptsLeft: Number(p.attemptsLeft) },
  ],
  withdraw_locked: (p, f) => [
    /*i18n*/ {
      id: 'withdraw_locked.detailed',
      message: 'Muitas senhas erradas. Para proteger seu dinheiro, os saques ficam bloqueados até {until}.',
    },
    { until: f.time(Number(p.until)) },
  ],
  outside_market: (p, f) => [
    /*i18n*/ {
      id: 'outside_market.detailed',
      comment:
        'market: the country where the operator is licensed; known: yes when the address was placed in a country; country: that country',
      message:
        'Depósitos, saques e jogos só podem ser feitos de dentro {market, select, BR {do Brasil} MX {do México} IN {da Índia} NG {da Nigéria} other {do país onde operamos}}, onde temos licença. {known, select, yes {Seu endereço de internet está em {country}.} other {Não conseguimos localizar seu endereço de internet nesse país.}} Seu saldo continua guardado: volte a tentar quando estiver no país (uma VPN ou um proxy fora dele também causa isto).',
    },
    {
      market: String(p.market),
      known: p.country === 'unknown' ? 'no' : 'yes',
      country: p.country === 'unknown' ? '' : f.region(String(p.country)),
    },
  ],
  promotion_forbidden: (p) => [
    /*i18n*/ {
      id: 'promotion_forbidden.detailed',
      comment: 'rule: the law that forbids the promotion, e.g. Portaria SPA/MF 1.231/2024, art. 42, § 1º, II',
      message: 'As regras deste mercado proíbem esta promoção ({rule}): ela não é oferecida aqui.',
    },
    { rule: String(p.rule) },
  ],
  market_rule_forbids: (p) => [
    /*i18n*/ {
      id: 'market_rule_forbids.detailed',
      comment: 'rule: the law that forbids the reward, e.g. Portaria SPA/MF 1.231/2024, art. 42, § 1º, I e II',
      message: 'As regras deste mercado não permitem esta recompensa ({rule}): ela não pode ser ligada.',
    },
    { rule: String(p.rule) },
  ],
  game_switched_off: (p) => [
    /*i18n*/ {
      id: 'game_switched_off.detailed',
      comment: 'reason: why an operator switched the game off',
      message:
        'Este jogo {reason, select, fault {está com uma falha em análise} regulator {foi suspenso por determinação regulatória} review {está em revisão} other {está em manutenção}} e está indisponível agora. Seu saldo está guardado; escolha outro jogo.',
    },
    { reason: p.reason },
  ],
  login_locked: (p, f) =>
    Number(p.seconds) <= SHORT_WAIT_SECONDS
      ? [
          /*i18n*/ {
            id: 'login_locked.seconds',
            message: 'Senha errada várias vezes nesta conta. Tente de novo em {seconds} segundos.',
          },
          { seconds: p.seconds },
        ]
      : [
          /*i18n*/ {
            id: 'login_locked.until',
            message:
              'Senha errada muitas vezes. Por segurança, a entrada com senha nesta conta volta às {retryAt}. Nos aparelhos já ligados à conta você continua entrando.',
          },
          { retryAt: f.time(Number(p.retryAt)) },
        ],
  ops_login_throttled: (p, f) =>
    Number(p.seconds) <= SHORT_WAIT_SECONDS
      ? [
          /*i18n*/ {
            id: 'ops_login_throttled.seconds',
            message:
              'Muitas tentativas erradas nesta conta ou nesta rede. Tente de novo em {seconds, plural, one {# segundo} other {# segundos}} — ou entre agora com a senha e o código do seu aplicativo autenticador.',
          },
          { seconds: p.seconds },
        ]
      : [
          /*i18n*/ {
            id: 'ops_login_throttled.until',
            message:
              'Muitas tentativas erradas nesta conta ou nesta rede. Tente de novo às {retryAt} — ou entre agora com a senha e o código do seu aplicativo autenticador.',
          },
          { retryAt: f.time(Number(p.retryAt)) },
        ],
  ops_totp_locked: (p, f) =>
    Number(p.seconds) <= SHORT_WAIT_SECONDS
      ? [
          /*i18n*/ {
            id: 'ops_totp_locked.seconds',
            message:
              'Códigos do autenticador errados demais. Tente de novo em {seconds, plural, one {# segundo} other {# segundos}}. Se não foi você, avise um administrador — alguém sabe a sua senha.',
          },
          { seconds: p.seconds },
        ]
      : [
          /*i18n*/ {
            id: 'ops_totp_locked.until',
            message:
              'Códigos do autenticador errados demais: os códigos voltam a ser aceitos às {retryAt}. Se não foi você, avise um administrador — alguém sabe a sua senha.',
          },
          { retryAt: f.time(Number(p.retryAt)) },
        ],
  report_period_invalid: (p) => [
    /*i18n*/ {
      id: 'report_period_invalid.detailed',
      message: 'Escolha um período de até {maxDays} dias, com a data inicial antes da final.',
    },
    { maxDays: p.maxDays },
  ],
}

export interface MessageMarket {
  currency: Currency
  timeZone: string
}

/** The message for a msgCode in the player's language, with the refusal's values filled in. */
export function messageFor(code: MsgCode, language: Language, params?: MessageParams, market?: MessageMarket): string {
  const detail = detailed[code]
  if (detail && params && market) {
    const dates = new Intl.DateTimeFormat(language, {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: market.timeZone,
    })
    const [text, values] = detail(params, {
      money: (minor) => formatMoney(minor, market.currency),
      time: (ms) => dates.format(ms),
      region: (code) => new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code,
    })
    return say(language, text, values)
  }
  return say(language, plain[code])
}

export interface FieldIssue {
  field: string
  code: string
  message: string
  params: Record<string, unknown>
}

/** A request field's name, as a rejected-field sentence begins. */
const fieldNames = {
  deviceId: /*i18n*/ { id: 'field.deviceId', message: 'identificador do aparelho' },
  deviceSecret: /*i18n*/ { id: 'field.deviceSecret', message: 'chave do aparelho' },
  userName: /*i18n*/ { id: 'field.userName', message: 'nome de usuário' },
  password: /*i18n*/ { id: 'field.password', message: 'senha' },
  confirmPassword: /*i18n*/ { id: 'field.confirmPassword', message: 'confirmação da senha' },
  language: /*i18n*/ { id: 'field.language', message: 'idioma' },
  fullName: /*i18n*/ { id: 'field.fullName', message: 'nome completo' },
  cpf: /*i18n*/ { id: 'field.cpf', message: 'CPF' },
  birthDate: /*i18n*/ { id: 'field.birthDate', message: 'data de nascimento' },
  amount: /*i18n*/ { id: 'field.amount', message: 'valor' },
  requestId: /*i18n*/ { id: 'field.requestId', message: 'identificador do pedido' },
  orderId: /*i18n*/ { id: 'field.orderId', message: 'número do pedido' },
  acceptOffer: /*i18n*/ { id: 'field.acceptOffer', message: 'aceite da oferta' },
  period: /*i18n*/ { id: 'field.period', message: 'período' },
  duration: /*i18n*/ { id: 'field.duration', message: 'duração' },
  accountNumber: /*i18n*/ { id: 'field.accountNumber', message: 'chave PIX' },
  payType: /*i18n*/ { id: 'field.payType', message: 'tipo de chave' },
  pageNum: /*i18n*/ { id: 'field.pageNum', message: 'página' },
  pageSize: /*i18n*/ { id: 'field.pageSize', message: 'tamanho da página' },
  taskId: /*i18n*/ { id: 'field.taskId', message: 'tarefa' },
  configKey: /*i18n*/ { id: 'field.configKey', message: 'grupo de tarefas' },
  prompt: /*i18n*/ { id: 'field.prompt', message: 'aviso' },
  code: /*i18n*/ { id: 'field.code', message: 'código PIX' },
  txid: /*i18n*/ { id: 'field.txid', message: 'identificador da cobrança' },
  payerCpf: /*i18n*/ { id: 'field.payerCpf', message: 'CPF do pagador' },
  key: /*i18n*/ { id: 'field.key', message: 'chave PIX' },
  keyType: /*i18n*/ { id: 'field.keyType', message: 'tipo de chave' },
  holderName: /*i18n*/ { id: 'field.holderName', message: 'titular da chave' },
  outcome: /*i18n*/ { id: 'field.outcome', message: 'resultado' },
  webhook: /*i18n*/ { id: 'field.webhook', message: 'notificação' },
  late: /*i18n*/ { id: 'field.late', message: 'liquidação atrasada' },
  again: /*i18n*/ { id: 'field.again', message: 'pagar de novo' },
  status: /*i18n*/ { id: 'field.status', message: 'situação' },
  limit: /*i18n*/ { id: 'field.limit', message: 'quantidade' },
  body: /*i18n*/ { id: 'field.body', message: 'corpo do pedido' },
} satisfies Record<string, MessageDescriptor>

/** What is wrong with a rejected field, read after its name. */
const problems = {
  required: /*i18n*/ { id: 'problem.required', message: 'é obrigatório' },
  invalid_type: /*i18n*/ { id: 'problem.invalid_type', message: 'tem o tipo errado' },
  // A number's bound is its value (exclusive for positive()), a list's counts items, text's characters.
  too_small: /*i18n*/ {
    id: 'problem.too_small',
    message:
      '{origin, select, number {{inclusive, select, false {precisa ser maior que {minimum}} other {precisa ser no mínimo {minimum}}}} array {precisa ter pelo menos {minimum, plural, one {# item} other {# itens}}} other {precisa ter pelo menos {minimum, plural, one {# caractere} other {# caracteres}}}}',
  },
  too_big: /*i18n*/ {
    id: 'problem.too_big',
    message:
      '{origin, select, number {{inclusive, select, false {precisa ser menor que {maximum}} other {pode ser no máximo {maximum}}}} array {pode ter no máximo {maximum, plural, one {# item} other {# itens}}} other {pode ter no máximo {maximum, plural, one {# caractere} other {# caracteres}}}}',
  },
  unrecognized_keys: /*i18n*/ { id: 'problem.unrecognized_keys', message: 'tem campos desconhecidos ({keys})' },
  password_mismatch: /*i18n*/ { id: 'problem.password_mismatch', message: 'não é igual à senha' },
  password_common: /*i18n*/ {
    id: 'problem.password_common',
    message: 'é uma das senhas mais usadas e fáceis de adivinhar; escolha outra',
  },
  password_weak: /*i18n*/ {
    id: 'problem.password_weak',
    message:
      'é fácil de adivinhar (nomes, times, palavras e sequências comuns); use 3 ou 4 palavras que não combinam, ou junte letras, números e símbolos',
  },
  invalid_cpf: /*i18n*/ { id: 'problem.invalid_cpf', message: 'não é válido (confira os dígitos)' },
  cpf_key_of_another_cpf: /*i18n*/ {
    id: 'problem.cpf_key_of_another_cpf',
    message: 'é um CPF: uma chave CPF pertence só ao próprio CPF (para um telefone, informe o tipo ou o +55)',
  },
  invalid_birth_date: /*i18n*/ { id: 'problem.invalid_birth_date', message: 'não é uma data válida (dia, mês e ano)' },
  full_name_needed: /*i18n*/ { id: 'problem.full_name_needed', message: 'precisa ter nome e sobrenome' },
  invalid: /*i18n*/ { id: 'problem.invalid', message: 'não é válido' },
} satisfies Record<string, MessageDescriptor>

/** The descriptor a table holds under a name from a request, never one of Object's own members. */
function named(table: Record<string, MessageDescriptor>, name: string): MessageDescriptor | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined
}

function problemOf(issue: FieldIssue): MessageDescriptor {
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return problems.required
  if (issue.code === 'custom') return named(problems, issue.message) ?? problems.invalid
  return named(problems, issue.code) ?? problems.invalid
}

/** One readable sentence per rejected field, in the player's language. */
export function describeIssues(issues: FieldIssue[], language: Language): string {
  const parts = issues.map((issue) => {
    const name = named(fieldNames, issue.field)
    const field = name ? say(language, name) : issue.field || say(language, fieldNames.body)
    const { minimum, maximum, keys, origin, inclusive } = issue.params
    const problem = say(language, problemOf(issue), {
      minimum: typeof minimum === 'number' ? minimum : String(minimum),
      maximum: typeof maximum === 'number' ? maximum : String(maximum),
      origin: typeof origin === 'string' ? origin : 'string',
      inclusive: String(inclusive !== false),
      keys: Array.isArray(keys) ? keys.join(', ') : String(keys),
    })
    return `${field} ${problem}`
  })
  const sentence = parts.join('; ')
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}
