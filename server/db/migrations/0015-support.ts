// Support: one conversation per player with its messages, the FAQ (per language,
// filled with the questions players really ask), notices with their time windows and who read
// them, feedback with the operators' answers and canned answers. Operator actions go to the
// console's audit_log (0014).
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function supportMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('support_conversations')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().unique().references('players.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        // JSON `{ orderId }`: where the player came from (a withdrawal's tracker).
        .addColumn('context', 'text')
        .addColumn('assigned_to', 'text')
        .addColumn('assigned_name', 'text')
        // The oldest player message nobody answered yet (null: nothing waits).
        .addColumn('waiting_since', 'bigint')
        .addColumn('last_message_at', 'bigint', (c) => c.notNull())
        .addColumn('player_read_upto', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('operator_read_upto', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('player_typing_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('support_conversations_waiting')
        .on('support_conversations')
        .columns(['status', 'waiting_since'])
        .execute()

      await db.schema
        .createTable('support_messages')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('support_conversations.id'))
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('operator_id', 'text')
        .addColumn('operator_name', 'text')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('support_messages_request', ['conversation_id', 'request_id'])
        .execute()
      await db.schema
        .createIndex('support_messages_conversation')
        .on('support_messages')
        .columns(['conversation_id', 'id'])
        .execute()

      await db.schema
        .createTable('support_faq')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('support_notices')
        .$call(serialPrimaryKey(engine, 'id'))
        // null: every language.
        .addColumn('language', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute()

      await db.schema
        .createTable('support_notice_reads')
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('notice_id', 'bigint', (c) => c.notNull().references('support_notices.id'))
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('support_notice_reads_pk', ['player_id', 'notice_id'])
        .execute()

      await db.schema
        .createTable('support_feedback')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('contact_consent', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('answer', 'text')
        .addColumn('answered_by', 'text')
        .addColumn('answered_at', 'bigint')
        // When the player last saw the answer (null: an answer is waiting for them).
        .addColumn('answer_seen_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('support_feedback_player')
        .on('support_feedback')
        .columns(['player_id', 'id'])
        .execute()

      await db.schema
        .createTable('support_canned')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()

      await insertStarterFaq(db, Date.now())
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'support_canned',
        'support_feedback',
        'support_notice_reads',
        'support_notices',
        'support_faq',
        'support_messages',
        'support_conversations',
      ])
        await db.schema.dropTable(table).execute()
    },
  }
}

// The FAQ and canned answers support starts with (operators edit them in the console): what
// players really ask — PIX deposits, why a withdrawal needs a verified CPF and a key in the
// player's name, wagering, checking a spin, limits and pauses — in every shipped language.
type Entry = [question: string, answer: string]

const faq: Record<string, Entry[]> = {
  'pt-BR': [
    [
      'Como funciona o depósito por PIX e quanto tempo leva?',
      'Escolha o valor em Depósito, copie o código PIX (copia e cola) ou leia o QR no app do seu banco e pague. O saldo entra sozinho assim que o banco confirma, normalmente em segundos. O código vale 10 minutos; um PIX pago de outro CPF ou acima dos seus limites é devolvido a quem pagou.',
    ],
    [
      'Por que o saque pede CPF verificado e uma chave PIX no meu nome?',
      'A lei (Portaria SPA/MF 615/2024) só permite pagar ao próprio jogador. Por isso o saque vai apenas para uma chave PIX do seu CPF verificado e é confirmado com a sua senha. Nenhuma taxa, depósito ou "verificação paga" é pedida para sacar — se alguém pedir, é golpe.',
    ],
    [
      'O que é o requisito de apostas (rollover) do bônus?',
      'Dinheiro de bônus precisa ser apostado um número de vezes antes de virar saldo sacável. Por exemplo, R$ 10,00 de bônus com requisito 5× pedem R$ 50,00 em apostas. O valor que falta aparece no seu saldo e na tela de saque. O seu dinheiro real (saldo em dinheiro) pode ser sacado a qualquer momento.',
    ],
    [
      'Como confiro que uma jogada foi justa?',
      'Cada jogada é "provably fair": antes de jogar você vê o hash da semente do servidor. Em Verificar jogada você troca a semente, o servidor revela a anterior e o app recalcula qualquer jogada passada — rolos, ganho e rodadas grátis — para conferir com o registro.',
    ],
    [
      'Como coloco limites ou faço uma pausa?',
      'Em Perfil › Limites e controle você define limites de depósito, de perda e de tempo, e o lembrete de tempo jogado. Diminuir vale na hora; aumentar, após 24 h. Você também pode pausar a conta (24 h até permanente); durante a pausa ainda pode sacar e falar com o atendimento.',
    ],
    [
      'Meu saque não chegou. O que faço?',
      'Abra Saque › Histórico e toque no pedido para ver cada etapa com horário. Se a chave foi recusada, corrija-a ali sem custo ou cancele e o valor volta ao saldo na hora. Se algo parecer errado, toque em "Falar com o atendimento" no acompanhamento: o pedido vai junto com a sua mensagem.',
    ],
  ],
  en: [
    [
      'How do PIX deposits work and how long do they take?',
      'Choose an amount under Deposit, copy the PIX code (copy and paste) or scan the QR in your bank app and pay. Your balance updates by itself once the bank confirms, usually within seconds. The code is valid for 10 minutes; a PIX paid from another CPF or over your limits is returned to the payer.',
    ],
    [
      'Why does a withdrawal need a verified CPF and a PIX key in my name?',
      'The law (Portaria SPA/MF 615/2024) only allows paying the player themselves. So a withdrawal goes only to a PIX key of your verified CPF and is confirmed with your password. No fee, deposit or "paid verification" is ever asked to withdraw — if anyone asks, it is a scam.',
    ],
    [
      'What does wagering mean for bonus money?',
      'Bonus money must be bet a number of times before it becomes withdrawable cash. For example, R$ 10.00 of bonus with a 5× requirement needs R$ 50.00 of bets. What is left shows on your balance and on the withdraw screen. Your real money (cash balance) can be withdrawn at any time.',
    ],
    [
      'How do I check that a spin was fair?',
      'Every spin is provably fair: before you play you see the hash of the server seed. Under Verify a spin you rotate the seed, the server reveals the old one and the app recomputes any past spin — reels, win and free spins — to check it against the record.',
    ],
    [
      'How do I set limits or take a break?',
      'Under Profile › Limits and control you set deposit, loss and time limits and the reality check. Lowering applies at once; raising after 24 h. You can also pause your account (24 h up to permanently); during a pause you can still withdraw and talk to support.',
    ],
    [
      'My withdrawal has not arrived. What do I do?',
      'Open Withdraw › History and tap the order to see each step with its time. If the key was rejected, correct it there for free or cancel and the amount returns to your balance at once. If something looks wrong, tap "Talk to support" on the tracker: the order goes along with your message.',
    ],
  ],
  hi: [
    [
      'PIX जमा कैसे काम करता है और इसमें कितना समय लगता है?',
      'जमा में राशि चुनें, PIX कोड (कॉपी और पेस्ट) कॉपी करें या अपने बैंक ऐप में QR स्कैन करके भुगतान करें। बैंक की पुष्टि होते ही, आमतौर पर कुछ सेकंड में, बैलेंस अपने आप अपडेट हो जाता है। कोड 10 मिनट तक मान्य है; किसी दूसरे CPF से या आपकी सीमा से अधिक भुगतान किया गया PIX भुगतानकर्ता को लौटा दिया जाता है।',
    ],
    [
      'निकासी के लिए सत्यापित CPF और मेरे नाम की PIX कुंजी क्यों चाहिए?',
      'कानून (Portaria SPA/MF 615/2024) केवल खिलाड़ी को ही भुगतान की अनुमति देता है। इसलिए निकासी केवल आपके सत्यापित CPF की PIX कुंजी पर जाती है और आपके पासवर्ड से पुष्टि होती है। निकासी के लिए कभी कोई शुल्क, जमा या "सशुल्क सत्यापन" नहीं माँगा जाता — अगर कोई माँगे, तो यह धोखा है।',
    ],
    [
      'बोनस राशि के लिए दाँव की शर्त (वेजरिंग) का क्या अर्थ है?',
      'बोनस राशि को निकासी योग्य नकद बनने से पहले कुछ गुना दाँव पर लगाना होता है। उदाहरण: 5× शर्त वाले R$ 10,00 बोनस के लिए R$ 50,00 के दाँव चाहिए। बाकी राशि आपके बैलेंस और निकासी स्क्रीन पर दिखती है। आपका असली पैसा (नकद बैलेंस) कभी भी निकाला जा सकता है।',
    ],
    [
      'मैं कैसे जाँचूँ कि कोई स्पिन निष्पक्ष था?',
      'हर स्पिन provably fair है: खेलने से पहले आप सर्वर सीड का हैश देखते हैं। "स्पिन सत्यापित करें" में आप सीड बदलते हैं, सर्वर पुराना सीड बताता है और ऐप किसी भी पुराने स्पिन — रील, जीत और फ्री स्पिन — को दोबारा गणना करके रिकॉर्ड से मिलाता है।',
    ],
    [
      'मैं सीमाएँ कैसे तय करूँ या विराम कैसे लूँ?',
      'प्रोफ़ाइल › सीमाएँ और नियंत्रण में आप जमा, हानि और समय की सीमाएँ और रियलिटी चेक तय करते हैं। घटाना तुरंत लागू होता है; बढ़ाना 24 घंटे बाद। आप खाता रोक भी सकते हैं (24 घंटे से स्थायी तक); रोक के दौरान भी आप निकासी कर सकते हैं और सहायता से बात कर सकते हैं।',
    ],
    [
      'मेरी निकासी नहीं पहुँची। मैं क्या करूँ?',
      'निकासी › इतिहास खोलें और हर चरण का समय देखने के लिए ऑर्डर पर टैप करें। अगर कुंजी अस्वीकार हुई, तो वहीं मुफ़्त में सुधारें या रद्द करें और राशि तुरंत बैलेंस में लौट आएगी। अगर कुछ गलत लगे, तो ट्रैकर पर "सहायता से बात करें" टैप करें: ऑर्डर आपके संदेश के साथ जाता है।',
    ],
  ],
}

const canned: Record<string, Entry[]> = {
  'pt-BR': [
    ['Saudação', 'Olá! Aqui é do atendimento do Jogo Limpo. Como posso ajudar?'],
    [
      'Saque em andamento',
      'Vi o seu pedido de saque. Cada etapa aparece no acompanhamento com o horário; assim que o banco confirmar, o PIX chega na sua chave. Nenhuma taxa é cobrada para sacar.',
    ],
    ['Encerramento', 'Posso ajudar em mais alguma coisa? Se não, vou encerrar a conversa. Obrigado!'],
  ],
  en: [
    ['Greeting', 'Hi! This is Jogo Limpo support. How can I help?'],
    [
      'Withdrawal in progress',
      'I can see your withdrawal. Each step shows on the tracker with its time; as soon as the bank confirms, the PIX reaches your key. There is no fee to withdraw.',
    ],
    ['Closing', 'Anything else I can help with? If not, I will close the conversation. Thank you!'],
  ],
  hi: [
    ['अभिवादन', 'नमस्ते! यह Jogo Limpo सहायता है। मैं कैसे मदद कर सकता हूँ?'],
    [
      'निकासी प्रक्रिया में',
      'मैं आपकी निकासी देख रहा हूँ। हर चरण ट्रैकर पर समय के साथ दिखता है; बैंक की पुष्टि होते ही PIX आपकी कुंजी पर पहुँच जाएगा। निकासी का कोई शुल्क नहीं है।',
    ],
    ['समापन', 'क्या मैं और कुछ मदद कर सकता हूँ? नहीं तो मैं बातचीत बंद कर दूँगा। धन्यवाद!'],
  ],
}

async function insertStarterFaq(db: Kysely<unknown>, now: number): Promise<void> {
  const faqRows = Object.entries(faq).flatMap(([language, entries]) =>
    entries.map(([question, answer], position) => ({ language, position, question, answer, updated_at: now })),
  )
  await db
    .insertInto('support_faq' as never)
    .values(faqRows as never)
    .execute()
  const cannedRows = Object.entries(canned).flatMap(([language, entries]) =>
    entries.map(([title, text]) => ({ language, title, text, updated_at: now })),
  )
  await db
    .insertInto('support_canned' as never)
    .values(cannedRows as never)
    .execute()
}
