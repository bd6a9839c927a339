// The support service as one object for the routes: the player's chat (chat.ts), the operators'
// inbox (inbox.ts), the FAQ and canned answers (content.ts), notices (notices.ts) and feedback
// (feedback.ts). Each part writes its changes with their pushes and audit rows as
// transactions.ts says; the entry points' badges gather one count from three parts.
import type { Language } from '../../contract/languages.ts'
import type { SupportUnread } from '../../contract/support.ts'
import { SupportChat } from './chat.ts'
import { SupportContent } from './content.ts'
import { SupportFeedback } from './feedback.ts'
import { SupportInbox } from './inbox.ts'
import { SupportNotices } from './notices.ts'
import type { SupportServiceOptions } from './transactions.ts'

type Chat = SupportChat
type Inbox = SupportInbox
type Content = SupportContent
type Notices = SupportNotices
type Feedback = SupportFeedback

export class SupportService {
  readonly #chat: Chat
  readonly #inbox: Inbox
  readonly #content: Content
  readonly #notices: Notices
  readonly #feedback: Feedback

  constructor(options: SupportServiceOptions) {
    this.#chat = new SupportChat(options)
    this.#inbox = new SupportInbox(options)
    this.#content = new SupportContent(options)
    this.#notices = new SupportNotices(options)
    this.#feedback = new SupportFeedback(options)
  }

  /** The badges of the entry points: unread operator messages, unread notices, new answers. */
  async unread(playerId: number, language: Language): Promise<SupportUnread> {
    const chat = await this.#chat.unreadMessages(playerId)
    const notices = (await this.#notices.notices(playerId, language)).unread
    const feedback = await this.#feedback.unseenAnswers(playerId)
    return { chat, notices, feedback }
  }

  // The player's chat
  conversation(...args: Parameters<Chat['conversation']>) {
    return this.#chat.conversation(...args)
  }
  send(...args: Parameters<Chat['send']>) {
    return this.#chat.send(...args)
  }
  read(...args: Parameters<Chat['read']>) {
    return this.#chat.read(...args)
  }
  playerTyping(...args: Parameters<Chat['playerTyping']>) {
    return this.#chat.playerTyping(...args)
  }

  // The operators' inbox
  inbox(...args: Parameters<Inbox['inbox']>) {
    return this.#inbox.inbox(...args)
  }
  operatorConversation(...args: Parameters<Inbox['operatorConversation']>) {
    return this.#inbox.operatorConversation(...args)
  }
  playerOf(...args: Parameters<Inbox['playerOf']>) {
    return this.#inbox.playerOf(...args)
  }
  reply(...args: Parameters<Inbox['reply']>) {
    return this.#inbox.reply(...args)
  }
  assign(...args: Parameters<Inbox['assign']>) {
    return this.#inbox.assign(...args)
  }
  close(...args: Parameters<Inbox['close']>) {
    return this.#inbox.close(...args)
  }
  operatorRead(...args: Parameters<Inbox['operatorRead']>) {
    return this.#inbox.operatorRead(...args)
  }
  operatorTyping(...args: Parameters<Inbox['operatorTyping']>) {
    return this.#inbox.operatorTyping(...args)
  }

  // FAQ and canned answers
  faq(...args: Parameters<Content['faq']>) {
    return this.#content.faq(...args)
  }
  faqAll(...args: Parameters<Content['faqAll']>) {
    return this.#content.faqAll(...args)
  }
  saveFaq(...args: Parameters<Content['saveFaq']>) {
    return this.#content.saveFaq(...args)
  }
  deleteFaq(...args: Parameters<Content['deleteFaq']>) {
    return this.#content.deleteFaq(...args)
  }
  canned(...args: Parameters<Content['canned']>) {
    return this.#content.canned(...args)
  }
  saveCanned(...args: Parameters<Content['saveCanned']>) {
    return this.#content.saveCanned(...args)
  }
  deleteCanned(...args: Parameters<Content['deleteCanned']>) {
    return this.#content.deleteCanned(...args)
  }

  // Notices
  notices(...args: Parameters<Notices['notices']>) {
    return this.#notices.notices(...args)
  }
  markNoticesRead(...args: Parameters<Notices['markNoticesRead']>) {
    return this.#notices.markNoticesRead(...args)
  }
  noticesAll(...args: Parameters<Notices['noticesAll']>) {
    return this.#notices.noticesAll(...args)
  }
  saveNotice(...args: Parameters<Notices['saveNotice']>) {
    return this.#notices.saveNotice(...args)
  }
  deleteNotice(...args: Parameters<Notices['deleteNotice']>) {
    return this.#notices.deleteNotice(...args)
  }

  // Feedback
  giveFeedback(...args: Parameters<Feedback['giveFeedback']>) {
    return this.#feedback.giveFeedback(...args)
  }
  feedbackOf(...args: Parameters<Feedback['feedbackOf']>) {
    return this.#feedback.feedbackOf(...args)
  }
  feedbackAll(...args: Parameters<Feedback['feedbackAll']>) {
    return this.#feedback.feedbackAll(...args)
  }
  answerFeedback(...args: Parameters<Feedback['answerFeedback']>) {
    return this.#feedback.answerFeedback(...args)
  }
}
