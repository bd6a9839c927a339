// What the server says to the player, per msgCode and per language, and how it words a
// rejected field. Client screens use Lingui; these are the API's own `msg` texts.
import { formatCountdown } from '../../contract/countdown.ts'
import type { MsgCode } from '../../contract/envelope.ts'
import type { Language } from '../../contract/languages.ts'
import { type Currency, formatMoney } from '../../contract/money.ts'

type Texts = Record<Language, string>

/** Values a refusal fills into its message: amounts in centavos, times in epoch ms. */
export type MessageParams = Record<string, string | number>

export interface MessageFormat {
  money(minor: number): string
  time(epochMs: number): string
}

/**
 * A counted noun by the language's plural rules (ICU categories via Intl.PluralRules), `#` standing
 * for the number: one word per count, never a bracketed ending.
 */
export function plural(language: Language, count: number, forms: { one: string; other: string }): string {
  const form = new Intl.PluralRules(language).select(count) === 'one' ? forms.one : forms.other
  return form.replace('#', String(count))
}

type Templates = Record<Language, (p: MessageParams, f: MessageFormat) => string>

/** What is wrong with a line of an uploaded barred list. */
const barredProblems: Record<string, Texts> = {
  invalid_cpf: { 'pt-BR': 'CPF inválido', en: 'invalid CPF', hi: 'अमान्य CPF' },
  unknown_category: {
    'pt-BR': 'categoria desconhecida (use owner, staff ou other)',
    en: 'unknown category (use owner, staff or other)',
    hi: 'अज्ञात श्रेणी (owner, staff या other लिखें)',
  },
  too_many: { 'pt-BR': 'linhas demais', en: 'too many lines', hi: 'बहुत अधिक पंक्तियाँ' },
}

const templates: Partial<Record<MsgCode, Templates>> = {
  barred_list_invalid: {
    'pt-BR': (p) =>
      `A lista não foi carregada: ${p.line ? `linha ${p.line}: ` : ''}${barredProblems[p.problem as string]?.['pt-BR'] ?? p.problem}. Nada mudou.`,
    en: (p) =>
      `The list was not loaded: ${p.line ? `line ${p.line}: ` : ''}${barredProblems[p.problem as string]?.en ?? p.problem}. Nothing changed.`,
    hi: (p) =>
      `सूची लोड नहीं हुई: ${p.line ? `पंक्ति ${p.line}: ` : ''}${barredProblems[p.problem as string]?.hi ?? p.problem}। कुछ नहीं बदला।`,
  },
  deposit_limit_reached: {
    'pt-BR': (p, f) =>
      `Este depósito passaria do seu limite ${periodPt[p.period as string]} de ${f.money(Number(p.limit))}. ` +
      `Você ainda pode depositar ${f.money(Number(p.remaining))} até ${f.time(Number(p.resetsAt))}.`,
    en: (p, f) =>
      `This deposit would go over your ${periodEn[p.period as string]} limit of ${f.money(Number(p.limit))}. ` +
      `You can still deposit ${f.money(Number(p.remaining))} until ${f.time(Number(p.resetsAt))}.`,
    hi: (p, f) =>
      `यह जमा आपकी ${periodHi[p.period as string]} सीमा ${f.money(Number(p.limit))} से अधिक हो जाएगी। ` +
      `आप ${f.time(Number(p.resetsAt))} तक ${f.money(Number(p.remaining))} और जमा कर सकते हैं।`,
  },
  loss_limit_reached: {
    'pt-BR': (p, f) =>
      `Esta aposta passaria do seu limite de perda ${periodPt[p.period as string]} de ${f.money(Number(p.limit))}. ` +
      `Resta ${f.money(Number(p.remaining))}; o limite volta a zero em ${f.time(Number(p.resetsAt))}.`,
    en: (p, f) =>
      `This bet would go over your ${periodEn[p.period as string]} loss limit of ${f.money(Number(p.limit))}. ` +
      `${f.money(Number(p.remaining))} left; it resets at ${f.time(Number(p.resetsAt))}.`,
    hi: (p, f) =>
      `यह दाँव आपकी ${periodHi[p.period as string]} हानि सीमा ${f.money(Number(p.limit))} से अधिक हो जाएगा। ` +
      `${f.money(Number(p.remaining))} शेष; सीमा ${f.time(Number(p.resetsAt))} पर फिर से शुरू होगी।`,
  },
  session_limit_reached: {
    'pt-BR': (p, f) =>
      p.limit === 'day'
        ? `Você chegou ao seu limite de ${p.minutes} minutos de jogo por dia. Dá para jogar de novo a partir de ${f.time(Number(p.resetsAt))}.`
        : `Você chegou ao seu limite de ${p.minutes} minutos por sessão. Faça uma pausa: dá para jogar de novo a partir de ${f.time(Number(p.resetsAt))}.`,
    en: (p, f) =>
      p.limit === 'day'
        ? `You reached your limit of ${p.minutes} minutes of play a day. You can play again from ${f.time(Number(p.resetsAt))}.`
        : `You reached your limit of ${p.minutes} minutes per session. Take a break: you can play again from ${f.time(Number(p.resetsAt))}.`,
    hi: (p, f) =>
      p.limit === 'day'
        ? `आप प्रतिदिन ${p.minutes} मिनट खेलने की सीमा तक पहुँच गए। आप ${f.time(Number(p.resetsAt))} से फिर खेल सकते हैं।`
        : `आप प्रति सत्र ${p.minutes} मिनट की सीमा तक पहुँच गए। विराम लें: आप ${f.time(Number(p.resetsAt))} से फिर खेल सकते हैं।`,
  },
  amount_out_of_range: {
    'pt-BR': (p, f) => `O valor precisa ficar entre ${f.money(Number(p.min))} e ${f.money(Number(p.max))}.`,
    en: (p, f) => `The amount must be between ${f.money(Number(p.min))} and ${f.money(Number(p.max))}.`,
    hi: (p, f) => `राशि ${f.money(Number(p.min))} और ${f.money(Number(p.max))} के बीच होनी चाहिए।`,
  },
  self_excluded: {
    'pt-BR': (p, f) =>
      p.until
        ? `Você pediu uma pausa até ${f.time(Number(p.until))}. Depósitos, jogos e promoções voltam depois disso; saques continuam liberados.`
        : 'Você pediu uma pausa por tempo indeterminado. Depósitos, jogos e promoções estão bloqueados; saques continuam liberados.',
    en: (p, f) =>
      p.until
        ? `You asked for a break until ${f.time(Number(p.until))}. Deposits, games and promotions return after that; withdrawals stay open.`
        : 'You asked for a permanent break. Deposits, games and promotions are blocked; withdrawals stay open.',
    hi: (p, f) =>
      p.until
        ? `आपने ${f.time(Number(p.until))} तक विराम माँगा है। उसके बाद जमा, गेम और प्रमोशन वापस आएँगे; निकासी खुली रहती है।`
        : 'आपने स्थायी विराम माँगा है। जमा, गेम और प्रमोशन बंद हैं; निकासी खुली रहती है।',
  },
}

Object.assign(templates, {
  amount_below_minimum: {
    'pt-BR': (p, f) => `O saque mínimo é ${f.money(Number(p.min))}.`,
    en: (p, f) => `The minimum withdrawal is ${f.money(Number(p.min))}.`,
    hi: (p, f) => `न्यूनतम निकासी ${f.money(Number(p.min))} है।`,
  },
  amount_above_withdrawable: {
    'pt-BR': (p, f) => `Você pode sacar até ${f.money(Number(p.withdrawable))} agora (seu dinheiro sacável).`,
    en: (p, f) => `You can withdraw up to ${f.money(Number(p.withdrawable))} now (your withdrawable cash).`,
    hi: (p, f) => `आप अभी ${f.money(Number(p.withdrawable))} तक निकाल सकते हैं (आपकी निकासी योग्य नकदी)।`,
  },
  daily_limit_reached: {
    'pt-BR': (p, f) =>
      `O limite diário de saque é ${f.money(Number(p.dailyMax))}; hoje ainda cabem ${f.money(Number(p.remaining))}. Ele renova em ${f.time(Number(p.resetsAt))}.`,
    en: (p, f) =>
      `The daily withdrawal maximum is ${f.money(Number(p.dailyMax))}; ${f.money(Number(p.remaining))} is left today. It renews at ${f.time(Number(p.resetsAt))}.`,
    hi: (p, f) =>
      `दैनिक निकासी सीमा ${f.money(Number(p.dailyMax))} है; आज ${f.money(Number(p.remaining))} बाकी है। यह ${f.time(Number(p.resetsAt))} पर नवीनीकृत होती है।`,
  },
  bonus_wagering_incomplete: {
    'pt-BR': (p, f) =>
      `Seu saldo agora é só bônus. Ele vira dinheiro sacável depois de apostar mais ${f.money(Number(p.remaining))}.`,
    en: (p, f) =>
      `Your balance is only bonus now. It becomes withdrawable cash after you bet ${f.money(Number(p.remaining))} more.`,
    hi: (p, f) => `आपका बैलेंस अभी केवल बोनस है। ${f.money(Number(p.remaining))} और दाँव लगाने के बाद यह निकासी योग्य नकद बनेगा।`,
  },
  invalid_pix_key: {
    'pt-BR': (p) => keyProblems[String(p.problem)]?.['pt-BR'] ?? 'Chave PIX inválida.',
    en: (p) => keyProblems[String(p.problem)]?.en ?? 'Invalid PIX key.',
    hi: (p) => keyProblems[String(p.problem)]?.hi ?? 'अमान्य PIX कुंजी।',
  },
  insufficient_balance: {
    'pt-BR': (p, f) =>
      `Saldo insuficiente: a aposta é ${f.money(Number(p.bet))} e seu saldo é ${f.money(Number(p.balance))}.`,
    en: (p, f) =>
      `Not enough balance: the bet is ${f.money(Number(p.bet))} and your balance is ${f.money(Number(p.balance))}.`,
    hi: (p, f) => `अपर्याप्त बैलेंस: दाँव ${f.money(Number(p.bet))} है और आपका बैलेंस ${f.money(Number(p.balance))} है।`,
  },
  sign_in_done: {
    'pt-BR': (p, f) =>
      `Você já fez o check-in de hoje. O próximo libera em ${f.time(Number(p.nextAt))} (meia-noite de Brasília).`,
    en: (p, f) =>
      `You already checked in today. The next one opens at ${f.time(Number(p.nextAt))} (midnight in Brasília).`,
    hi: (p, f) => `आप आज चेक-इन कर चुके हैं। अगला ${f.time(Number(p.nextAt))} (ब्रासीलिया की आधी रात) को खुलेगा।`,
  },
  wheel_wait: {
    'pt-BR': (p) => `A roleta grátis libera de novo em ${formatCountdown(Number(p.seconds) * 1000)}.`,
    en: (p) => `The free wheel opens again in ${formatCountdown(Number(p.seconds) * 1000)}.`,
    hi: (p) => `मुफ़्त व्हील ${formatCountdown(Number(p.seconds) * 1000)} में फिर खुलेगा।`,
  },
  task_incomplete: {
    'pt-BR': (p) =>
      `${plural('pt-BR', Number(p.left), { one: 'Falta # rodada', other: 'Faltam # rodadas' })} de ${p.game} para concluir esta tarefa.`,
    en: (p) =>
      `${plural('en', Number(p.left), { one: '# more spin', other: '# more spins' })} of ${p.game} to finish this task.`,
    hi: (p) => `यह कार्य पूरा करने के लिए ${p.game} के ${p.left} और स्पिन बाकी हैं।`,
  },
  invalid_bet: {
    'pt-BR': (p) => `Esta aposta não existe neste jogo. Escolha uma destas: ${p.levels}.`,
    en: (p) => `This game has no such bet. Choose one of: ${p.levels}.`,
    hi: (p) => `इस गेम में ऐसा दाँव नहीं है। इनमें से चुनें: ${p.levels}।`,
  },
  password_wrong: {
    'pt-BR': (p) =>
      `Senha incorreta. ${plural('pt-BR', Number(p.attemptsLeft), { one: 'Mais # tentativa errada', other: 'Mais # tentativas erradas' })} e os saques ficam bloqueados por 15 minutos.`,
    en: (p) =>
      `Wrong password. ${plural('en', Number(p.attemptsLeft), { one: '# more wrong attempt', other: '# more wrong attempts' })} and withdrawals are locked for 15 minutes.`,
    hi: (p) => `गलत पासवर्ड। ${p.attemptsLeft} और गलत प्रयास पर निकासी 15 मिनट के लिए बंद हो जाएगी।`,
  },
  withdraw_locked: {
    'pt-BR': (p, f) =>
      `Muitas senhas erradas. Para proteger seu dinheiro, os saques ficam bloqueados até ${f.time(Number(p.until))}.`,
    en: (p, f) =>
      `Too many wrong passwords. To protect your money, withdrawals are locked until ${f.time(Number(p.until))}.`,
    hi: (p, f) => `बहुत सारे गलत पासवर्ड। आपके पैसे की सुरक्षा के लिए निकासी ${f.time(Number(p.until))} तक बंद है।`,
  },
} satisfies Partial<Record<MsgCode, Templates>>)

/** Why a game is switched off, in each language (contract/ops.ts gameOffReasons). */
const gameOffPt: Record<string, string> = {
  maintenance: 'está em manutenção',
  fault: 'está com uma falha em análise',
  regulator: 'foi suspenso por determinação regulatória',
  review: 'está em revisão',
}
const gameOffEn: Record<string, string> = {
  maintenance: 'is under maintenance',
  fault: 'has a fault being looked into',
  regulator: 'is suspended by regulatory order',
  review: 'is under review',
}
const gameOffHi: Record<string, string> = {
  maintenance: 'रखरखाव में है',
  fault: 'में एक खराबी की जाँच हो रही है',
  regulator: 'नियामक आदेश से निलंबित है',
  review: 'समीक्षा में है',
}

Object.assign(templates, {
  game_switched_off: {
    'pt-BR': (p) =>
      `Este jogo ${gameOffPt[p.reason as string] ?? gameOffPt.maintenance} e está indisponível agora. Seu saldo está guardado; escolha outro jogo.`,
    en: (p) =>
      `This game ${gameOffEn[p.reason as string] ?? gameOffEn.maintenance} and is unavailable now. Your balance is safe; choose another game.`,
    hi: (p) =>
      `यह गेम ${gameOffHi[p.reason as string] ?? gameOffHi.maintenance} और अभी उपलब्ध नहीं है। आपका बैलेंस सुरक्षित है; कोई दूसरा गेम चुनें।`,
  },
} satisfies Partial<Record<MsgCode, Templates>>)

// Up to this many seconds the wait reads as a count, beyond it as a clock time.
const SHORT_WAIT_SECONDS = 90

Object.assign(templates, {
  login_locked: {
    'pt-BR': (p, f) =>
      Number(p.seconds) <= SHORT_WAIT_SECONDS
        ? `Senha errada várias vezes nesta conta. Tente de novo em ${p.seconds} segundos.`
        : `Senha errada muitas vezes. Por segurança, a entrada com senha nesta conta volta às ${f.time(Number(p.retryAt))}. Nos aparelhos já ligados à conta você continua entrando.`,
    en: (p, f) =>
      Number(p.seconds) <= SHORT_WAIT_SECONDS
        ? `Wrong password several times on this account. Try again in ${p.seconds} seconds.`
        : `Wrong password too many times. For your safety, password login to this account reopens at ${f.time(Number(p.retryAt))}. Devices already linked to the account still sign in.`,
    hi: (p, f) =>
      Number(p.seconds) <= SHORT_WAIT_SECONDS
        ? `इस खाते पर कई बार गलत पासवर्ड। ${p.seconds} सेकंड बाद फिर से प्रयास करें।`
        : `बहुत बार गलत पासवर्ड। आपकी सुरक्षा के लिए इस खाते में पासवर्ड से प्रवेश ${f.time(Number(p.retryAt))} पर फिर खुलेगा। खाते से जुड़े डिवाइस पर आप साइन इन करते रहेंगे।`,
  },
  report_period_invalid: {
    'pt-BR': (p) => `Escolha um período de até ${p.maxDays} dias, com a data inicial antes da final.`,
    en: (p) => `Choose a period of up to ${p.maxDays} days, with the start date before the end date.`,
    hi: (p) => `अधिकतम ${p.maxDays} दिनों की अवधि चुनें, जिसमें आरंभ तिथि अंतिम तिथि से पहले हो।`,
  },
} satisfies Partial<Record<MsgCode, Templates>>)

const keyProblems: Record<string, Texts> = {
  empty: { 'pt-BR': 'Informe a chave PIX.', en: 'Enter the PIX key.', hi: 'PIX कुंजी दर्ज करें।' },
  invalid_cpf: {
    'pt-BR': 'CPF inválido: confira os 11 dígitos.',
    en: 'Invalid CPF: check the 11 digits.',
    hi: 'अमान्य CPF: 11 अंक जाँचें।',
  },
  invalid_phone: {
    'pt-BR': 'Telefone inválido: DDD + número, 11 dígitos (o +55 é fixo).',
    en: 'Invalid phone: area code + number, 11 digits (+55 is fixed).',
    hi: 'अमान्य फ़ोन: क्षेत्र कोड + नंबर, 11 अंक (+55 तय है)।',
  },
  invalid_email: { 'pt-BR': 'E-mail inválido.', en: 'Invalid e-mail.', hi: 'अमान्य ई-मेल।' },
  invalid_random: {
    'pt-BR': 'Chave aleatória inválida: 32 letras e números no formato 8-4-4-4-12.',
    en: 'Invalid random key: 32 letters and digits in the 8-4-4-4-12 format.',
    hi: 'अमान्य रैंडम कुंजी: 8-4-4-4-12 प्रारूप में 32 अक्षर और अंक।',
  },
}

const periodPt: Record<string, string> = { day: 'diário', week: 'semanal', month: 'mensal' }
const periodEn: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly' }
const periodHi: Record<string, string> = { day: 'दैनिक', week: 'साप्ताहिक', month: 'मासिक' }

const messages: Record<MsgCode, Texts> = {
  account_frozen: {
    'pt-BR': 'Sua conta está em análise. Fale com o atendimento.',
    en: 'Your account is under review. Please contact support.',
    hi: 'आपका खाता समीक्षा में है। कृपया सहायता से संपर्क करें।',
  },
  account_closed: {
    'pt-BR': 'Esta conta foi encerrada. Fale com o atendimento.',
    en: 'This account was closed. Please contact support.',
    hi: 'यह खाता बंद कर दिया गया है। कृपया सहायता से संपर्क करें।',
  },
  account_has_balance: {
    'pt-BR': 'A conta ainda tem saldo ou um saque em andamento: o jogador precisa sacar antes do encerramento.',
    en: 'The account still has a balance or a withdrawal in flight: the player must withdraw before it is closed.',
    hi: 'खाते में अभी भी शेष राशि या चालू निकासी है: बंद करने से पहले खिलाड़ी को निकासी करनी होगी।',
  },
  success: { 'pt-BR': 'OK', en: 'OK', hi: 'ठीक है' },
  request_id_required: {
    'pt-BR':
      'Este pedido movimenta dinheiro e precisa de um requestId, para nunca ser feito duas vezes. Atualize o app.',
    en: 'This request moves money and needs a requestId, so it is never done twice. Please update the app.',
    hi: 'यह अनुरोध पैसे का लेन-देन करता है और इसे requestId चाहिए, ताकि यह कभी दो बार न हो। कृपया ऐप अपडेट करें।',
  },
  prize_not_from_client: {
    'pt-BR': 'Prêmios são sorteados e creditados pelo servidor; nenhum valor escolhido pelo app é creditado.',
    en: 'Prizes are drawn and credited by the server; no amount chosen by the app is ever credited.',
    hi: 'इनाम सर्वर तय करता और जमा करता है; ऐप द्वारा चुनी गई कोई राशि कभी जमा नहीं होती।',
  },
  not_cpf_key: {
    'pt-BR': 'Informe o seu CPF no campo da conta: ele é exigido para depositar.',
    en: 'Enter your CPF in the account field: it is required to deposit.',
    hi: 'खाते के क्षेत्र में अपना CPF दर्ज करें: जमा करने के लिए यह आवश्यक है।',
  },
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
  verification_required: {
    'pt-BR': 'Antes do primeiro depósito, informe seu nome completo e CPF.',
    en: 'Before your first deposit, enter your full name and CPF.',
    hi: 'पहली जमा से पहले अपना पूरा नाम और CPF दर्ज करें।',
  },
  identity_under_age: {
    'pt-BR': 'Apostas são só para maiores de 18 anos: pela data de nascimento, você ainda não pode abrir uma conta.',
    en: 'Betting is only for people aged 18 and over: by the date of birth, you cannot open an account yet.',
    hi: 'सट्टा केवल 18 वर्ष और उससे अधिक उम्र वालों के लिए है: जन्म तिथि के अनुसार आप अभी खाता नहीं खोल सकते।',
  },
  identity_barred: {
    'pt-BR':
      'Este CPF está impedido de apostar aqui (Lei 14.790/2023, art. 26: sócios, funcionários e pessoas impedidas). Fale com o atendimento se for um engano.',
    en: 'This CPF is barred from betting here (Lei 14.790/2023, art. 26: owners, staff and barred people). Talk to support if this is a mistake.',
    hi: 'यह CPF यहाँ सट्टा लगाने से प्रतिबंधित है (Lei 14.790/2023, अनु. 26: मालिक, कर्मचारी और प्रतिबंधित लोग)। गलती हो तो सहायता से बात करें।',
  },
  identity_cpf_suspended: {
    'pt-BR': 'Seu CPF está suspenso na Receita Federal. Regularize-o (gov.br ou uma agência) e tente de novo.',
    en: 'Your CPF is suspended at Receita Federal. Regularise it (gov.br or an office) and try again.',
    hi: 'आपका CPF Receita Federal में निलंबित है। इसे ठीक कराएँ (gov.br या किसी कार्यालय में) और फिर से कोशिश करें।',
  },
  identity_cpf_deceased: {
    'pt-BR':
      'A Receita Federal registra este CPF como de uma pessoa falecida. Não é possível verificar a conta com ele.',
    en: 'Receita Federal records this CPF as belonging to a deceased person. The account cannot be verified with it.',
    hi: 'Receita Federal इस CPF को एक मृत व्यक्ति का दर्ज करता है। इससे खाता सत्यापित नहीं हो सकता।',
  },
  verification_pending: {
    'pt-BR':
      'Seus dados estão em análise por nossa equipe. Avisaremos aqui assim que for decidido; depois disso você pode depositar.',
    en: 'Our team is reviewing your details. We will tell you here as soon as it is decided; then you can deposit.',
    hi: 'हमारी टीम आपके विवरण की जाँच कर रही है। निर्णय होते ही हम यहाँ बताएँगे; उसके बाद आप जमा कर सकते हैं।',
  },
  barred_list_invalid: {
    'pt-BR': 'A lista não foi carregada: confira os CPFs e as categorias. Nada mudou.',
    en: 'The list was not loaded: check the CPFs and categories. Nothing changed.',
    hi: 'सूची लोड नहीं हुई: CPF और श्रेणियाँ जाँचें। कुछ नहीं बदला।',
  },
  verification_taken: {
    'pt-BR': 'Outro operador já decidiu esta verificação.',
    en: 'Another operator has already decided this verification.',
    hi: 'किसी अन्य ऑपरेटर ने यह सत्यापन पहले ही तय कर दिया है।',
  },
  reward_verification_required: {
    'pt-BR': 'Promoções são só para contas verificadas: informe nome completo, CPF e data de nascimento em Depositar.',
    en: 'Promotions are only for verified accounts: give your full name, CPF and date of birth under Deposit.',
    hi: 'प्रमोशन केवल सत्यापित खातों के लिए हैं: जमा में अपना पूरा नाम, CPF और जन्म तिथि दें।',
  },
  age_not_confirmed: {
    'pt-BR': 'Confirme que você tem 18 anos ou mais para depositar e jogar.',
    en: 'Confirm that you are 18 or older to deposit and play.',
    hi: 'जमा करने और खेलने के लिए पुष्टि करें कि आपकी उम्र 18 वर्ष या अधिक है।',
  },
  self_excluded: {
    'pt-BR': 'Você pediu uma pausa. Depósitos, jogos e promoções estão bloqueados; saques continuam liberados.',
    en: 'You asked for a break. Deposits, games and promotions are blocked; withdrawals stay open.',
    hi: 'आपने विराम माँगा है। जमा, गेम और प्रमोशन बंद हैं; निकासी खुली रहती है।',
  },
  loss_limit_reached: {
    'pt-BR': 'Esta aposta passaria do seu limite de perda.',
    en: 'This bet would go over your loss limit.',
    hi: 'यह दाँव आपकी हानि सीमा से अधिक हो जाएगा।',
  },
  session_limit_reached: {
    'pt-BR': 'Você chegou ao seu limite de tempo de jogo.',
    en: 'You reached your play-time limit.',
    hi: 'आप खेलने के समय की सीमा तक पहुँच गए।',
  },
  registration_limits_required: {
    'pt-BR':
      'Antes de depositar, defina seu limite diário de perda e seu limite diário de tempo de jogo (obrigatórios pela Portaria SPA/MF 2.579/2025).',
    en: 'Before depositing, set your daily loss limit and your daily play-time limit (required by Portaria SPA/MF 2.579/2025).',
    hi: 'जमा करने से पहले अपनी दैनिक हानि सीमा और दैनिक खेल-समय सीमा तय करें (Portaria SPA/MF 2.579/2025 के अनुसार अनिवार्य)।',
  },
  limit_required: {
    'pt-BR':
      'O limite diário de perda e o limite diário de tempo são obrigatórios: você pode aumentá-los ou diminuí-los, mas não removê-los.',
    en: 'The daily loss limit and the daily time limit are required: you can raise or lower them, but not remove them.',
    hi: 'दैनिक हानि सीमा और दैनिक समय सीमा अनिवार्य हैं: आप इन्हें बढ़ा या घटा सकते हैं, पर हटा नहीं सकते।',
  },
  case_decided: {
    'pt-BR': 'Este caso já foi decidido por outro operador.',
    en: 'This case has already been decided by another operator.',
    hi: 'इस मामले का निर्णय किसी अन्य ऑपरेटर द्वारा पहले ही किया जा चुका है।',
  },
  exclusion_not_extended: {
    'pt-BR': 'Uma exclusão só pode ser prolongada, nunca encurtada.',
    en: 'An exclusion can only be lengthened, never shortened.',
    hi: 'बहिष्करण केवल बढ़ाया जा सकता है, कभी छोटा नहीं किया जा सकता।',
  },
  reality_check_due: {
    'pt-BR': 'Hora de uma pausa rápida: veja quanto tempo você jogou e o resultado antes de continuar.',
    en: 'Time for a quick check: see how long you played and your result before going on.',
    hi: 'एक छोटी जाँच का समय: आगे बढ़ने से पहले देखें आपने कितनी देर खेला और परिणाम क्या रहा।',
  },
  deposit_limit_reached: {
    'pt-BR': 'Este depósito passaria do seu limite de depósito.',
    en: 'This deposit would go over your deposit limit.',
    hi: 'यह जमा आपकी जमा सीमा से अधिक हो जाएगी।',
  },
  amount_out_of_range: {
    'pt-BR': 'Valor fora dos limites permitidos.',
    en: 'Amount outside the allowed range.',
    hi: 'राशि अनुमत सीमा से बाहर है।',
  },
  insufficient_balance: {
    'pt-BR': 'Saldo insuficiente para esta aposta.',
    en: 'Not enough balance for this bet.',
    hi: 'इस दाँव के लिए अपर्याप्त बैलेंस।',
  },
  game_not_found: {
    'pt-BR': 'Este jogo não existe ou saiu do catálogo.',
    en: 'This game does not exist or has left the catalog.',
    hi: 'यह गेम मौजूद नहीं है या कैटलॉग से हट गया है।',
  },
  snapshot_not_found: {
    'pt-BR': 'Não há registro congelado deste dia: o dia ainda não terminou ou é anterior ao início do registro.',
    en: 'There is no frozen record of this day: it has not ended yet or is before the record began.',
    hi: 'इस दिन का कोई स्थिर रिकॉर्ड नहीं है: दिन अभी खत्म नहीं हुआ है या रिकॉर्ड शुरू होने से पहले का है।',
  },
  invalid_bet: {
    'pt-BR': 'Esta aposta não existe neste jogo.',
    en: 'This game has no such bet.',
    hi: 'इस गेम में ऐसा दाँव नहीं है।',
  },
  launch_token_invalid: {
    'pt-BR': 'O link do jogo venceu ou já foi usado. Feche e abra o jogo de novo.',
    en: 'The game link expired or was already used. Close and open the game again.',
    hi: 'गेम लिंक की अवधि समाप्त हो गई या पहले ही उपयोग हो चुका है। गेम बंद करके फिर खोलें।',
  },
  game_session_closed: {
    'pt-BR': 'Esta sessão de jogo foi encerrada. Feche e abra o jogo de novo.',
    en: 'This game session has ended. Close and open the game again.',
    hi: 'यह गेम सत्र समाप्त हो गया है। गेम बंद करके फिर खोलें।',
  },
  seed_not_set: {
    'pt-BR': 'Escolha sua semente do cliente antes da primeira rodada: feche e abra o jogo de novo.',
    en: 'Choose your client seed before the first spin: close and open the game again.',
    hi: 'पहले स्पिन से पहले अपना क्लाइंट सीड चुनें: गेम बंद करके फिर खोलें।',
  },
  seed_commitment_changed: {
    'pt-BR': 'O próximo par de sementes não é mais o que você viu. Confira o novo hash e tente de novo.',
    en: 'The next seed pair is no longer the one you saw. Check the new hash and try again.',
    hi: 'अगला सीड जोड़ा अब वह नहीं है जो आपने देखा था। नया हैश देखें और फिर प्रयास करें।',
  },
  promotions_off: {
    'pt-BR': 'As promoções estão desligadas. Nenhum bônus é oferecido agora.',
    en: 'Promotions are switched off. No bonus is offered now.',
    hi: 'प्रमोशन बंद हैं। अभी कोई बोनस नहीं दिया जा रहा।',
  },
  promotion_off: {
    'pt-BR': 'Esta promoção não está ativa.',
    en: 'This promotion is not active.',
    hi: 'यह प्रमोशन सक्रिय नहीं है।',
  },
  reward_claimed: {
    'pt-BR': 'Você já recebeu esta recompensa.',
    en: 'You already received this reward.',
    hi: 'आप यह इनाम पहले ही ले चुके हैं।',
  },
  sign_in_done: {
    'pt-BR': 'Você já fez o check-in de hoje. Volte amanhã.',
    en: 'You already checked in today. Come back tomorrow.',
    hi: 'आप आज चेक-इन कर चुके हैं। कल फिर आएँ।',
  },
  push_endpoint_refused: {
    'pt-BR': 'Este navegador usa um serviço de notificações que não aceitamos.',
    en: 'This browser uses a notification service we do not accept.',
    hi: 'यह ब्राउज़र ऐसी सूचना सेवा का उपयोग करता है जिसे हम स्वीकार नहीं करते।',
  },
  wheel_wait: {
    'pt-BR': 'A roleta grátis ainda não liberou.',
    en: 'The free wheel is not open yet.',
    hi: 'मुफ़्त व्हील अभी नहीं खुला है।',
  },
  task_incomplete: {
    'pt-BR': 'Esta tarefa ainda não foi concluída.',
    en: 'This task is not finished yet.',
    hi: 'यह कार्य अभी पूरा नहीं हुआ है।',
  },
  nothing_to_claim: {
    'pt-BR': 'Não há recompensa de convite para receber agora.',
    en: 'There is no invite reward to receive now.',
    hi: 'अभी लेने के लिए कोई आमंत्रण इनाम नहीं है।',
  },
  install_not_reported: {
    'pt-BR': 'O bônus por instalar vale depois de instalar o app pelo convite de instalação do navegador.',
    en: "The install bonus is paid once the app is installed through the browser's install prompt.",
    hi: 'इंस्टॉल बोनस ब्राउज़र के इंस्टॉल संकेत से ऐप इंस्टॉल करने के बाद मिलता है।',
  },
  request_id_reused: {
    'pt-BR': 'Este pedido já foi feito com outros dados. Tente de novo.',
    en: 'This request was already made with other details. Please try again.',
    hi: 'यह अनुरोध पहले ही दूसरे विवरण के साथ किया जा चुका है। फिर से प्रयास करें।',
  },
  webhook_refused: {
    'pt-BR': 'Notificação recusada: assinatura ausente, inválida ou vencida.',
    en: 'Notification refused: signature missing, invalid or expired.',
    hi: 'सूचना अस्वीकृत: हस्ताक्षर गायब, अमान्य या समाप्त।',
  },
  needs_verification: {
    'pt-BR': 'Para sacar, vincule nome e senha à conta e informe seu nome completo e CPF. Nenhum depósito é exigido.',
    en: 'To withdraw, bind a user name and password to the account and give your full name and CPF. No deposit is required.',
    hi: 'निकासी के लिए खाते से नाम और पासवर्ड जोड़ें और पूरा नाम और CPF दें। कोई जमा ज़रूरी नहीं है।',
  },
  exist_process_order: {
    'pt-BR': 'Você já tem um saque em andamento. Acompanhe-o antes de pedir outro.',
    en: 'You already have a withdrawal in progress. Follow it before asking for another.',
    hi: 'आपकी एक निकासी पहले से चल रही है। दूसरी माँगने से पहले उसे देखें।',
  },
  amount_below_minimum: {
    'pt-BR': 'Valor abaixo do mínimo.',
    en: 'Amount below the minimum.',
    hi: 'राशि न्यूनतम से कम है।',
  },
  amount_above_withdrawable: {
    'pt-BR': 'Saldo sacável insuficiente.',
    en: 'Not enough withdrawable balance.',
    hi: 'पर्याप्त निकासी योग्य बैलेंस नहीं है।',
  },
  daily_limit_reached: {
    'pt-BR': 'Limite diário de saque atingido.',
    en: 'Daily withdrawal maximum reached.',
    hi: 'दैनिक निकासी सीमा पूरी हो गई।',
  },
  bonus_wagering_incomplete: {
    'pt-BR': 'Seu saldo agora é só bônus, que ainda precisa ser apostado.',
    en: 'Your balance is only bonus, which still has to be wagered.',
    hi: 'आपका बैलेंस केवल बोनस है, जिस पर अभी दाँव लगाना बाकी है।',
  },
  invalid_pix_key: {
    'pt-BR': 'Chave PIX inválida para o tipo escolhido.',
    en: 'Invalid PIX key for the chosen type.',
    hi: 'चुने गए प्रकार के लिए अमान्य PIX कुंजी।',
  },
  cpf_key_mismatch: {
    'pt-BR': 'A chave CPF precisa ser o CPF desta conta.',
    en: "The CPF key must be this account's CPF.",
    hi: 'CPF कुंजी इस खाते का CPF होनी चाहिए।',
  },
  holder_name_mismatch: {
    'pt-BR': 'Saques só vão para contas no nome do titular desta conta.',
    en: "Withdrawals only go to accounts in this account holder's name.",
    hi: 'निकासी केवल इस खाताधारक के नाम वाले खातों में जाती है।',
  },
  pix_key_not_owned: {
    'pt-BR':
      'Esta chave PIX não está registrada no seu CPF. Por lei, saques só vão para contas suas: use uma chave do seu CPF.',
    en: 'This PIX key is not registered to your CPF. By law, withdrawals only go to your own accounts: use a key of your CPF.',
    hi: 'यह PIX कुंजी आपके CPF पर पंजीकृत नहीं है। कानून के अनुसार निकासी केवल आपके अपने खातों में जाती है: अपने CPF की कुंजी का उपयोग करें।',
  },
  password_required: {
    'pt-BR': 'Confirme o saque com a senha da sua conta.',
    en: 'Confirm the withdrawal with your account password.',
    hi: 'अपने खाते के पासवर्ड से निकासी की पुष्टि करें।',
  },
  password_wrong: {
    'pt-BR': 'Senha incorreta.',
    en: 'Wrong password.',
    hi: 'गलत पासवर्ड।',
  },
  withdraw_locked: {
    'pt-BR': 'Muitas senhas erradas. Os saques estão bloqueados por 15 minutos.',
    en: 'Too many wrong passwords. Withdrawals are locked for 15 minutes.',
    hi: 'बहुत सारे गलत पासवर्ड। निकासी 15 मिनट के लिए बंद है।',
  },
  charge_already_paid: {
    'pt-BR': 'Esta cobrança já foi paga.',
    en: 'This charge has already been paid.',
    hi: 'इस शुल्क का भुगतान पहले ही हो चुका है।',
  },
  charge_expired: {
    'pt-BR': 'Esta cobrança expirou.',
    en: 'This charge has expired.',
    hi: 'यह शुल्क समाप्त हो गया है।',
  },
  payment_provider_unavailable: {
    'pt-BR': 'O banco do PIX não respondeu agora. Nada foi cobrado nem descontado; tente de novo em alguns minutos.',
    en: 'The PIX bank did not answer just now. Nothing was charged or taken; try again in a few minutes.',
    hi: 'PIX बैंक ने अभी जवाब नहीं दिया। कुछ भी नहीं लिया गया; कुछ मिनट बाद फिर से कोशिश करें।',
  },
  order_not_correctable: {
    'pt-BR': 'Este saque não está esperando uma correção.',
    en: 'This withdrawal is not waiting for a correction.',
    hi: 'यह निकासी किसी सुधार की प्रतीक्षा नहीं कर रही।',
  },
  login_locked: {
    'pt-BR': 'Senha errada muitas vezes nesta conta. Espere um pouco e tente de novo.',
    en: 'Wrong password too many times on this account. Wait a little and try again.',
    hi: 'इस खाते पर बहुत बार गलत पासवर्ड। थोड़ा रुककर फिर से प्रयास करें।',
  },
  withdrawProcessing: {
    'pt-BR': 'Você tem um saque em andamento. Acompanhe-o até ser pago.',
    en: 'You have a withdrawal in progress. Follow it until it is paid.',
    hi: 'आपकी एक निकासी चल रही है। भुगतान होने तक उसे देखते रहें।',
  },
  needPlayGame: {
    'pt-BR': 'Seu saldo é bônus: aposte o que falta do requisito de apostas para ele virar dinheiro sacável.',
    en: 'Your balance is bonus: bet what is left of the wagering requirement for it to become withdrawable cash.',
    hi: 'आपका बैलेंस बोनस है: इसे निकालने योग्य नकद बनाने के लिए दांव की बची हुई शर्त पूरी करें।',
  },
  device_login_failed: {
    'pt-BR':
      'Este aparelho não pode entrar sozinho: falta o código secreto que ele recebeu no primeiro acesso, ou ele foi desconectado. Entre com seu nome de usuário e senha.',
    en: "This device can't sign in by itself: the secret code it got on its first visit is missing, or it was disconnected. Sign in with your user name and password.",
    hi: 'यह डिवाइस अपने आप साइन इन नहीं कर सकता: पहली बार मिला गुप्त कोड नहीं है, या इसे हटा दिया गया है। अपने उपयोगकर्ता नाम और पासवर्ड से साइन इन करें।',
  },
  busy: {
    'pt-BR': 'Muita gente entrando agora. Tente de novo em alguns segundos.',
    en: 'Many people are signing in right now. Try again in a few seconds.',
    hi: 'अभी बहुत से लोग साइन इन कर रहे हैं। कुछ सेकंड बाद फिर से प्रयास करें।',
  },
  not_found: { 'pt-BR': 'Não encontrado.', en: 'Not found.', hi: 'नहीं मिला।' },
  ops_token_invalid: {
    'pt-BR': 'Token de operador ausente ou errado.',
    en: 'Operator token missing or wrong.',
    hi: 'ऑपरेटर टोकन नहीं है या गलत है।',
  },
  ops_session_invalid: {
    'pt-BR': 'Sua sessão no console terminou. Entre de novo.',
    en: 'Your console session ended. Sign in again.',
    hi: 'आपका कंसोल सत्र समाप्त हो गया। फिर से साइन इन करें।',
  },
  ops_login_failed: {
    'pt-BR': 'E-mail ou senha errados, ou operador desativado.',
    en: 'Wrong e-mail or password, or the operator is disabled.',
    hi: 'गलत ई-मेल या पासवर्ड, या ऑपरेटर निष्क्रिय है।',
  },
  ops_totp_required: {
    'pt-BR': 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
    en: 'Enter the 6-digit code from your authenticator app.',
    hi: 'अपने ऑथेंटिकेटर ऐप का 6-अंकों का कोड दर्ज करें।',
  },
  ops_totp_enrolment_required: {
    'pt-BR': 'Sua função exige um segundo fator: cadastre o autenticador antes de continuar.',
    en: 'Your role needs a second factor: enrol an authenticator before you go on.',
    hi: 'आपकी भूमिका के लिए दूसरा कारक आवश्यक है: आगे बढ़ने से पहले ऑथेंटिकेटर जोड़ें।',
  },
  report_period_invalid: {
    'pt-BR': 'Escolha um período mais curto, com a data inicial antes da final.',
    en: 'Choose a shorter period, with the start date before the end date.',
    hi: 'छोटी अवधि चुनें, जिसमें आरंभ तिथि अंतिम तिथि से पहले हो।',
  },
  ops_forbidden: {
    'pt-BR': 'Sua função não permite esta ação.',
    en: 'Your role does not allow this action.',
    hi: 'आपकी भूमिका इस कार्य की अनुमति नहीं देती।',
  },
  ops_setup_link_invalid: {
    'pt-BR': 'Este link de acesso já foi usado ou expirou. Peça um novo a um administrador.',
    en: 'This setup link was already used or has expired. Ask an administrator for a new one.',
    hi: 'यह सेटअप लिंक पहले ही उपयोग हो चुका है या समाप्त हो गया है। किसी व्यवस्थापक से नया माँगें।',
  },
  game_switched_off: {
    'pt-BR': 'Este jogo está indisponível agora. Seu saldo está guardado; escolha outro jogo.',
    en: 'This game is unavailable now. Your balance is safe; choose another game.',
    hi: 'यह गेम अभी उपलब्ध नहीं है। आपका बैलेंस सुरक्षित है; कोई दूसरा गेम चुनें।',
  },
  ops_last_admin: {
    'pt-BR': 'Este é o último administrador ativo: dê a função de administrador a outra pessoa antes.',
    en: 'This is the last active administrator: make someone else an administrator first.',
    hi: 'यह अंतिम सक्रिय व्यवस्थापक है: पहले किसी और को व्यवस्थापक बनाएँ।',
  },
  ops_own_account: {
    'pt-BR': 'Você não pode mudar a própria função, nem desativar ou redefinir a própria conta.',
    en: 'You cannot change your own role, nor disable or reset your own account.',
    hi: 'आप अपनी भूमिका नहीं बदल सकते, न ही अपना खाता निष्क्रिय या रीसेट कर सकते हैं।',
  },
  ops_operator_exists: {
    'pt-BR': 'Já existe um operador com este e-mail.',
    en: 'An operator with this e-mail already exists.',
    hi: 'इस ई-मेल वाला ऑपरेटर पहले से मौजूद है।',
  },
  withdrawal_taken: {
    'pt-BR': 'Outro operador já decidiu este saque.',
    en: 'Another operator already decided this withdrawal.',
    hi: 'किसी अन्य ऑपरेटर ने यह निकासी पहले ही तय कर दी है।',
  },
  adjustment_taken: {
    'pt-BR': 'Outro operador já decidiu este ajuste.',
    en: 'Another operator already decided this adjustment.',
    hi: 'किसी अन्य ऑपरेटर ने यह समायोजन पहले ही तय कर दिया है।',
  },
  four_eyes_required: {
    'pt-BR': 'Ajuste acima do limite: ficou esperando a aprovação de um segundo operador.',
    en: 'Adjustment above the limit: it now waits for a second operator to approve it.',
    hi: 'सीमा से ऊपर का समायोजन: यह दूसरे ऑपरेटर की स्वीकृति की प्रतीक्षा कर रहा है।',
  },
  four_eyes_same_operator: {
    'pt-BR': 'Quem pediu o ajuste não pode aprová-lo: outro operador precisa decidir.',
    en: 'Whoever asked for the adjustment cannot approve it: another operator must decide.',
    hi: 'जिसने समायोजन माँगा वह इसे स्वीकृत नहीं कर सकता: किसी अन्य ऑपरेटर को निर्णय लेना होगा।',
  },
  weak_password: {
    'pt-BR': 'Use uma senha de 12 a 64 caracteres que não seja comum.',
    en: 'Use a password of 12 to 64 characters that is not a common one.',
    hi: '12 से 64 अक्षरों का ऐसा पासवर्ड चुनें जो आम न हो।',
  },
  player_not_found: {
    'pt-BR': 'Não existe jogador com este número.',
    en: 'There is no player with this number.',
    hi: 'इस संख्या का कोई खिलाड़ी नहीं है।',
  },
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

export interface MessageMarket {
  currency: Currency
  timeZone: string
}

/** The message for a msgCode in the player's language, with the refusal's values filled in. */
export function messageFor(code: MsgCode, language: Language, params?: MessageParams, market?: MessageMarket): string {
  const template = templates[code]?.[language]
  if (template && params && market) {
    const dates = new Intl.DateTimeFormat(language, {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: market.timeZone,
    })
    return template(params, { money: (minor) => formatMoney(minor, market.currency), time: (ms) => dates.format(ms) })
  }
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
  deviceSecret: { 'pt-BR': 'chave do aparelho', en: 'device secret', hi: 'डिवाइस सीक्रेट' },
  userName: { 'pt-BR': 'nome de usuário', en: 'user name', hi: 'उपयोगकर्ता नाम' },
  password: { 'pt-BR': 'senha', en: 'password', hi: 'पासवर्ड' },
  confirmPassword: { 'pt-BR': 'confirmação da senha', en: 'password confirmation', hi: 'पासवर्ड पुष्टि' },
  language: { 'pt-BR': 'idioma', en: 'language', hi: 'भाषा' },
  fullName: { 'pt-BR': 'nome completo', en: 'full name', hi: 'पूरा नाम' },
  cpf: { 'pt-BR': 'CPF', en: 'CPF', hi: 'CPF' },
  birthDate: { 'pt-BR': 'data de nascimento', en: 'date of birth', hi: 'जन्म तिथि' },
  amount: { 'pt-BR': 'valor', en: 'amount', hi: 'राशि' },
  requestId: { 'pt-BR': 'identificador do pedido', en: 'request id', hi: 'अनुरोध आईडी' },
  orderId: { 'pt-BR': 'número do pedido', en: 'order number', hi: 'ऑर्डर संख्या' },
  acceptOffer: { 'pt-BR': 'aceite da oferta', en: 'offer acceptance', hi: 'ऑफ़र स्वीकृति' },
  period: { 'pt-BR': 'período', en: 'period', hi: 'अवधि' },
  duration: { 'pt-BR': 'duração', en: 'duration', hi: 'अवधि' },
  accountNumber: { 'pt-BR': 'chave PIX', en: 'PIX key', hi: 'PIX कुंजी' },
  payType: { 'pt-BR': 'tipo de chave', en: 'key type', hi: 'कुंजी प्रकार' },
  pageNum: { 'pt-BR': 'página', en: 'page', hi: 'पृष्ठ' },
  pageSize: { 'pt-BR': 'tamanho da página', en: 'page size', hi: 'पृष्ठ आकार' },
  taskId: { 'pt-BR': 'tarefa', en: 'task', hi: 'कार्य' },
  configKey: { 'pt-BR': 'grupo de tarefas', en: 'task group', hi: 'कार्य समूह' },
  prompt: { 'pt-BR': 'aviso', en: 'prompt', hi: 'सूचना' },
  code: { 'pt-BR': 'código PIX', en: 'PIX code', hi: 'PIX कोड' },
  txid: { 'pt-BR': 'identificador da cobrança', en: 'charge id', hi: 'शुल्क आईडी' },
  payerCpf: { 'pt-BR': 'CPF do pagador', en: 'payer CPF', hi: 'भुगतानकर्ता CPF' },
  key: { 'pt-BR': 'chave PIX', en: 'PIX key', hi: 'PIX कुंजी' },
  keyType: { 'pt-BR': 'tipo de chave', en: 'key type', hi: 'कुंजी प्रकार' },
  outcome: { 'pt-BR': 'resultado', en: 'outcome', hi: 'परिणाम' },
  webhook: { 'pt-BR': 'notificação', en: 'notification', hi: 'सूचना' },
  late: { 'pt-BR': 'liquidação atrasada', en: 'late settlement', hi: 'देर से निपटान' },
  again: { 'pt-BR': 'pagar de novo', en: 'pay again', hi: 'फिर से भुगतान' },
  status: { 'pt-BR': 'situação', en: 'status', hi: 'स्थिति' },
  limit: { 'pt-BR': 'quantidade', en: 'limit', hi: 'सीमा' },
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
  password_common: {
    'pt-BR': () => 'é uma das senhas mais usadas e fáceis de adivinhar; escolha outra',
    en: () => 'is one of the most used, easily guessed passwords; choose another',
    hi: () => 'सबसे आम और आसानी से अनुमान लगाए जाने वाले पासवर्ड में से है; दूसरा चुनें',
  },
  password_weak: {
    'pt-BR': () =>
      'é fácil de adivinhar (nomes, times, palavras e sequências comuns); use 3 ou 4 palavras que não combinam, ou junte letras, números e símbolos',
    en: () =>
      'is easy to guess (common names, clubs, words and sequences); use 3 or 4 unrelated words, or mix letters, numbers and symbols',
    hi: () => 'का अनुमान लगाना आसान है (आम नाम, क्लब, शब्द और क्रम); 3 या 4 असंबंधित शब्द लें, या अक्षर, अंक और चिह्न मिलाएँ',
  },
  invalid_cpf: {
    'pt-BR': () => 'não é válido (confira os dígitos)',
    en: () => 'is not valid (check the digits)',
    hi: () => 'मान्य नहीं है (अंक जाँचें)',
  },
  cpf_key_of_another_cpf: {
    'pt-BR': () => 'é um CPF: uma chave CPF pertence só ao próprio CPF (para um telefone, informe o tipo ou o +55)',
    en: () => 'is a CPF: a CPF key belongs only to that CPF (for a phone number, give its type or the +55)',
    hi: () => 'एक CPF है: CPF कुंजी केवल उसी CPF की होती है (फ़ोन नंबर के लिए उसका प्रकार या +55 दें)',
  },
  invalid_birth_date: {
    'pt-BR': () => 'não é uma data válida (dia, mês e ano)',
    en: () => 'is not a valid date (day, month and year)',
    hi: () => 'मान्य तिथि नहीं है (दिन, महीना और वर्ष)',
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
