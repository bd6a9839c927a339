// The game page's few words in the app's three languages (the page is too small to carry Lingui).
export type Lang = 'pt-BR' | 'en' | 'hi'

const words = {
  balance: { 'pt-BR': 'Saldo', en: 'Balance', hi: 'बैलेंस' },
  lastWin: { 'pt-BR': 'Último ganho', en: 'Last win', hi: 'पिछली जीत' },
  bet: { 'pt-BR': 'Aposta', en: 'Bet', hi: 'दाँव' },
  spin: { 'pt-BR': 'Girar', en: 'Spin', hi: 'घुमाएँ' },
  info: { 'pt-BR': 'Regras e RTP', en: 'Rules and RTP', hi: 'नियम और RTP' },
  close: { 'pt-BR': 'Fechar', en: 'Close', hi: 'बंद करें' },
  rtp: { 'pt-BR': 'RTP (retorno ao jogador)', en: 'RTP (return to player)', hi: 'RTP (खिलाड़ी को वापसी)' },
  baseRtp: { 'pt-BR': 'jogo base', en: 'base game', hi: 'बेस गेम' },
  jackpotRtp: { 'pt-BR': 'jackpot', en: 'jackpot', hi: 'जैकपॉट' },
  hitFrequency: { 'pt-BR': 'Rodadas com ganho', en: 'Winning spins', hi: 'जीत वाले स्पिन' },
  volatility: { 'pt-BR': 'Volatilidade', en: 'Volatility', hi: 'अस्थिरता' },
  low: { 'pt-BR': 'baixa', en: 'low', hi: 'कम' },
  medium: { 'pt-BR': 'média', en: 'medium', hi: 'मध्यम' },
  high: { 'pt-BR': 'alta', en: 'high', hi: 'उच्च' },
  maxWin: { 'pt-BR': 'Ganho máximo', en: 'Maximum win', hi: 'अधिकतम जीत' },
  paytableLines: {
    'pt-BR': 'Tabela de pagamentos (× aposta total, por linha)',
    en: 'Paytable (× total bet, per line)',
    hi: 'भुगतान तालिका (× कुल दाँव, प्रति लाइन)',
  },
  paytableWays: {
    'pt-BR': 'Tabela de pagamentos (× aposta total, por forma)',
    en: 'Paytable (× total bet, per way)',
    hi: 'भुगतान तालिका (× कुल दाँव, प्रति तरीका)',
  },
  lines: {
    'pt-BR': '5 linhas, da esquerda para a direita; o curinga substitui os outros símbolos.',
    en: '5 lines, left to right; the wild stands for the other symbols.',
    hi: '5 लाइनें, बाएँ से दाएँ; वाइल्ड अन्य प्रतीकों की जगह लेता है।',
  },
  ways: {
    'pt-BR':
      '243 formas: símbolos iguais em rolos vizinhos a partir da esquerda, em qualquer linha; o curinga substitui; o scatter paga em qualquer lugar.',
    en: '243 ways: matching symbols on adjacent reels from the left, in any row; the wild substitutes; the scatter pays anywhere.',
    hi: '243 तरीके: बाएँ से सटे रीलों पर समान प्रतीक, किसी भी पंक्ति में; वाइल्ड बदलता है; स्कैटर कहीं भी भुगतान करता है।',
  },
  jackpot: { 'pt-BR': 'Jackpot progressivo', en: 'Progressive jackpot', hi: 'प्रोग्रेसिव जैकपॉट' },
  jackpotRule: {
    'pt-BR':
      '{share} de cada aposta vai para o prêmio, que recomeça em {seed}. Chance nesta aposta: 1 em {odds} (cresce com a aposta).',
    en: '{share} of every bet goes to the pool, which restarts at {seed}. Chance at this bet: 1 in {odds} (grows with the bet).',
    hi: 'हर दाँव का {share} पूल में जाता है, जो {seed} से फिर शुरू होता है। इस दाँव पर मौका: {odds} में 1 (दाँव के साथ बढ़ता है)।',
  },
  fairness: { 'pt-BR': 'Jogo verificável', en: 'Provably fair', hi: 'सत्यापन योग्य' },
  seedHash: { 'pt-BR': 'Hash da semente do servidor', en: 'Server seed hash', hi: 'सर्वर सीड हैश' },
  clientSeed: { 'pt-BR': 'Sua semente', en: 'Your seed', hi: 'आपका सीड' },
  nonce: { 'pt-BR': 'Próximo nonce', en: 'Next nonce', hi: 'अगला नॉन्स' },
  win: { 'pt-BR': 'Ganhou {amount}!', en: 'You won {amount}!', hi: 'आपने {amount} जीते!' },
  jackpotWon: { 'pt-BR': 'JACKPOT! {amount}', en: 'JACKPOT! {amount}', hi: 'जैकपॉट! {amount}' },
  noWin: { 'pt-BR': 'Sem ganho nesta rodada.', en: 'No win this spin.', hi: 'इस स्पिन में कोई जीत नहीं।' },
  deposit: { 'pt-BR': 'Depositar', en: 'Deposit', hi: 'जमा करें' },
  offline: {
    'pt-BR': 'Sem conexão. A rodada não foi feita; tente de novo.',
    en: 'No connection. The spin was not made; try again.',
    hi: 'कोई कनेक्शन नहीं। स्पिन नहीं हुआ; फिर से प्रयास करें।',
  },
  realityTitle: { 'pt-BR': 'Pausa para conferir', en: 'Time check', hi: 'समय की जाँच' },
  realityBody: {
    'pt-BR': 'Você está jogando há {minutes} min nesta sessão. Resultado: {net}.',
    en: 'You have been playing for {minutes} min this session. Result: {net}.',
    hi: 'आप इस सत्र में {minutes} मिनट से खेल रहे हैं। परिणाम: {net}।',
  },
  keepPlaying: { 'pt-BR': 'Continuar', en: 'Continue', hi: 'जारी रखें' },
  stopPlaying: { 'pt-BR': 'Parar', en: 'Stop', hi: 'रोकें' },
} as const

export type Word = keyof typeof words

export function text(lang: Lang, word: Word, params: Record<string, string> = {}): string {
  return words[word][lang].replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '')
}
