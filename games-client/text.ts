// The game page's words in the app's three languages (the page is too small to carry Lingui).
export type Lang = 'pt-BR' | 'en' | 'hi'

const words = {
  balance: { 'pt-BR': 'Saldo', en: 'Balance', hi: 'बैलेंस' },
  win: { 'pt-BR': 'Ganho', en: 'Win', hi: 'जीत' },
  returnedLabel: { 'pt-BR': 'Retorno', en: 'Returned', hi: 'वापसी' },
  bet: { 'pt-BR': 'Aposta', en: 'Bet', hi: 'दाँव' },
  spin: { 'pt-BR': 'Girar', en: 'Spin', hi: 'घुमाएँ' },
  info: { 'pt-BR': 'Regras e RTP', en: 'Rules and RTP', hi: 'नियम और RTP' },
  close: { 'pt-BR': 'Fechar', en: 'Close', hi: 'बंद करें' },
  soundOn: { 'pt-BR': 'Desligar som', en: 'Turn sound off', hi: 'आवाज़ बंद करें' },
  soundOff: { 'pt-BR': 'Ligar som', en: 'Turn sound on', hi: 'आवाज़ चालू करें' },
  rtp: { 'pt-BR': 'RTP (retorno ao jogador)', en: 'RTP (return to player)', hi: 'RTP (खिलाड़ी को वापसी)' },
  rtpParts: {
    'pt-BR': 'jogo base {base} + rodadas grátis {free} + jackpot {jackpot}',
    en: 'base game {base} + free spins {free} + jackpot {jackpot}',
    hi: 'बेस गेम {base} + मुफ़्त स्पिन {free} + जैकपॉट {jackpot}',
  },
  exact: {
    'pt-BR': 'Valor exato (de cada real apostado):',
    en: 'Exact value (per unit bet):',
    hi: 'सटीक मान (हर दाँव की इकाई पर):',
  },
  hitFrequency: { 'pt-BR': 'Rodadas com ganho', en: 'Winning spins', hi: 'जीत वाले स्पिन' },
  volatility: { 'pt-BR': 'Volatilidade', en: 'Volatility', hi: 'अस्थिरता' },
  volatilityIndex: { 'pt-BR': 'índice', en: 'index', hi: 'सूचकांक' },
  low: { 'pt-BR': 'baixa', en: 'low', hi: 'कम' },
  medium: { 'pt-BR': 'média', en: 'medium', hi: 'मध्यम' },
  high: { 'pt-BR': 'alta', en: 'high', hi: 'उच्च' },
  maxWin: { 'pt-BR': 'Ganho máximo', en: 'Maximum win', hi: 'अधिकतम जीत' },
  freeSpinsEvery: {
    'pt-BR': 'Rodadas grátis: em média 1 a cada {n} rodadas',
    en: 'Free spins: on average once every {n} spins',
    hi: 'मुफ़्त स्पिन: औसतन हर {n} स्पिन में एक बार',
  },
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
    'pt-BR': '5 linhas, da esquerda para a direita; o curinga ({wild}) substitui os outros símbolos.',
    en: '5 lines, left to right; the wild ({wild}) stands for the other symbols.',
    hi: '5 लाइनें, बाएँ से दाएँ; वाइल्ड ({wild}) अन्य प्रतीकों की जगह लेता है।',
  },
  ways: {
    'pt-BR':
      '243 formas: símbolos iguais em rolos vizinhos a partir da esquerda, em qualquer linha; o curinga ({wild}) substitui; o scatter ({scatter}) paga em qualquer lugar.',
    en: '243 ways: matching symbols on adjacent reels from the left, in any row; the wild ({wild}) substitutes; the scatter ({scatter}) pays anywhere.',
    hi: '243 तरीके: बाएँ से सटे रीलों पर समान प्रतीक, किसी भी पंक्ति में; वाइल्ड ({wild}) बदलता है; स्कैटर ({scatter}) कहीं भी भुगतान करता है।',
  },
  fullWindowRule: {
    'pt-BR': 'Tela cheia: quando os 9 símbolos são iguais (curingas contam), o ganho das linhas vale ×{n}.',
    en: 'Full screen: when all 9 symbols match (wilds count), the line wins pay ×{n}.',
    hi: 'पूरी स्क्रीन: जब सभी 9 प्रतीक एक जैसे हों (वाइल्ड गिने जाते हैं), लाइन जीत ×{n} मिलती है।',
  },
  freeSpinsRule: {
    'pt-BR':
      '{counts} scatters dão {spins} rodadas grátis, jogadas na hora com a mesma aposta, em rolos próprios, com todo ganho ×{n}.',
    en: '{counts} scatters give {spins} free spins, played at once at the same bet on their own reels, every win ×{n}.',
    hi: '{counts} स्कैटर {spins} मुफ़्त स्पिन देते हैं, उसी दाँव पर तुरंत, अपने रीलों पर, हर जीत ×{n}।',
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
  nextSeedHash: {
    'pt-BR': 'Hash da próxima semente (já fixada)',
    en: 'Next server seed hash (already committed)',
    hi: 'अगले सर्वर सीड का हैश (पहले से तय)',
  },
  clientSeed: { 'pt-BR': 'Sua semente', en: 'Your seed', hi: 'आपका सीड' },
  nonce: { 'pt-BR': 'Próximo nonce', en: 'Next nonce', hi: 'अगला नॉन्स' },
  noWin: { 'pt-BR': 'Sem ganho nesta rodada.', en: 'No win this spin.', hi: 'इस स्पिन में कोई जीत नहीं।' },
  partial: { 'pt-BR': '{win} de {bet}', en: '{win} of {bet}', hi: '{bet} में से {win}' },
  returned: {
    'pt-BR': '{win} de {bet}: a aposta de volta',
    en: '{win} of {bet}: your bet back',
    hi: '{bet} में से {win}: दाँव वापस',
  },
  won: { 'pt-BR': 'Ganhou {amount}!', en: 'You won {amount}!', hi: 'आपने {amount} जीते!' },
  bigWin: { 'pt-BR': 'Grande ganho', en: 'Big win', hi: 'बड़ी जीत' },
  megaWin: { 'pt-BR': 'Mega ganho', en: 'Mega win', hi: 'मेगा जीत' },
  epicWin: { 'pt-BR': 'Ganho épico', en: 'Epic win', hi: 'शानदार जीत' },
  timesBet: { 'pt-BR': '{n}× a aposta', en: '{n}× the bet', hi: 'दाँव का {n}×' },
  jackpotWon: { 'pt-BR': 'JACKPOT! {amount}', en: 'JACKPOT! {amount}', hi: 'जैकपॉट! {amount}' },
  freeSpinsWon: {
    'pt-BR': '{n} rodadas grátis! Ganhos ×{m}',
    en: '{n} free spins! Wins ×{m}',
    hi: '{n} मुफ़्त स्पिन! जीत ×{m}',
  },
  freeSpinsLeft: {
    'pt-BR': 'Rodada grátis {i} de {n}: {amount}',
    en: 'Free spin {i} of {n}: {amount}',
    hi: 'मुफ़्त स्पिन {n} में से {i}: {amount}',
  },
  freeSpinsTotal: {
    'pt-BR': 'Rodadas grátis: {amount}',
    en: 'Free spins: {amount}',
    hi: 'मुफ़्त स्पिन: {amount}',
  },
  lineWin: { 'pt-BR': 'Linha {line}', en: 'Line {line}', hi: 'लाइन {line}' },
  waysWin: { 'pt-BR': '{ways} formas', en: '{ways} ways', hi: '{ways} तरीके' },
  oneWay: { 'pt-BR': '1 forma', en: '1 way', hi: '1 तरीका' },
  fullWindow: { 'pt-BR': 'Tela cheia ×{n}!', en: 'Full screen ×{n}!', hi: 'पूरी स्क्रीन ×{n}!' },
  tapToSkip: { 'pt-BR': 'Toque para pular', en: 'Tap to skip', hi: 'छोड़ने के लिए टैप करें' },
  deposit: { 'pt-BR': 'Depositar', en: 'Deposit', hi: 'जमा करें' },
  offline: {
    'pt-BR': 'Sem conexão. Esta rodada é conferida assim que a conexão voltar; nada é apostado duas vezes.',
    en: 'No connection. This spin is checked as soon as the connection returns; nothing is bet twice.',
    hi: 'कोई कनेक्शन नहीं। कनेक्शन लौटते ही यह स्पिन जाँचा जाएगा; कुछ भी दो बार नहीं लगाया जाता।',
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
