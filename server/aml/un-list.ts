// The UN Security Council consolidated sanctions list in the XML the Council publishes
// (scsanctions.un.org, consolidated.xml): CONSOLIDATED_LIST (dateGenerated) › INDIVIDUALS ›
// INDIVIDUAL with DATAID, FIRST_NAME … FOURTH_NAME, UN_LIST_TYPE, REFERENCE_NUMBER, LISTED_ON,
// NATIONALITY/VALUE, INDIVIDUAL_ALIAS (QUALITY, ALIAS_NAME) and INDIVIDUAL_DATE_OF_BIRTH
// (TYPE_OF_DATE with DATE, YEAR, or FROM_YEAR and TO_YEAR). Entities are not screened against
// players (players are people). A small reader of that element tree: no attributes but
// dateGenerated, no DTDs; anything else is refused as not the list.
import { Refusal } from '../refusal.ts'

export type ListedBirth = { date: string } | { year: number } | { from: number; to: number }

export interface ListedName {
  name: string
  /** The list's own word for an alias: Good, Low (a low-quality alias is weak evidence), or primary. */
  quality: 'primary' | 'good' | 'low'
}

export interface ListedPerson {
  reference: string
  name: string
  names: ListedName[]
  births: ListedBirth[]
  nationality: string
  listedOn: string | null
}

export interface SanctionsList {
  generatedAt: string | null
  individuals: ListedPerson[]
}

interface XmlElement {
  tag: string
  children: XmlElement[]
  text: string
  attributes: string
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      )
    return entities[name] ?? whole
  })
}

/** The document's root element; malformed or foreign XML is refused. */
function parseXml(xml: string): XmlElement {
  const root: XmlElement = { tag: '#root', children: [], text: '', attributes: '' }
  const stack = [root]
  const token =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)([^>]*?)(\/?)>|([^<]+)/g
  for (const match of xml.matchAll(token)) {
    const top = stack[stack.length - 1] as XmlElement
    if (match[1] !== undefined) top.text += match[1]
    else if (match[6] !== undefined) top.text += decode(match[6])
    else if (match[3] !== undefined) {
      const tag = match[3].replace(/^.*:/, '')
      if (match[2] === '/') {
        if (top.tag !== tag || stack.length === 1) throw new Refusal('sanctions_list_invalid', { problem: 'xml' })
        stack.pop()
      } else {
        const element: XmlElement = { tag, children: [], text: '', attributes: match[4] ?? '' }
        top.children.push(element)
        if (match[5] !== '/') stack.push(element)
      }
    } else if (match[0].startsWith('<!DOCTYPE')) throw new Refusal('sanctions_list_invalid', { problem: 'doctype' })
  }
  if (stack.length !== 1) throw new Refusal('sanctions_list_invalid', { problem: 'xml' })
  const [document] = root.children
  if (!document || root.children.length !== 1) throw new Refusal('sanctions_list_invalid', { problem: 'xml' })
  return document
}

const child = (e: XmlElement, tag: string) => e.children.find((c) => c.tag === tag)
const children = (e: XmlElement, tag: string) => e.children.filter((c) => c.tag === tag)
const textOf = (e: XmlElement | undefined) => (e ? e.text.replace(/\s+/g, ' ').trim() : '')

function birthsOf(person: XmlElement): ListedBirth[] {
  const found: ListedBirth[] = []
  for (const dob of children(person, 'INDIVIDUAL_DATE_OF_BIRTH')) {
    const date = textOf(child(dob, 'DATE'))
    const year = Number(textOf(child(dob, 'YEAR')))
    const from = Number(textOf(child(dob, 'FROM_YEAR')))
    const to = Number(textOf(child(dob, 'TO_YEAR')))
    if (/^\d{4}-\d{2}-\d{2}/.test(date)) found.push({ date: date.slice(0, 10) })
    else if (year > 0) found.push({ year })
    else if (from > 0 && to >= from) found.push({ from, to })
  }
  return found
}

function personOf(person: XmlElement): ListedPerson | null {
  const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
    .map((tag) => textOf(child(person, tag)))
    .filter(Boolean)
    .join(' ')
  const reference = textOf(child(person, 'REFERENCE_NUMBER')) || textOf(child(person, 'DATAID'))
  if (!name || !reference) return null
  const names: ListedName[] = [{ name, quality: 'primary' }]
  for (const alias of children(person, 'INDIVIDUAL_ALIAS')) {
    const aliasName = textOf(child(alias, 'ALIAS_NAME'))
    if (!aliasName) continue
    const quality = /low/i.test(textOf(child(alias, 'QUALITY'))) ? 'low' : 'good'
    names.push({ name: aliasName, quality })
  }
  const nationality = children(person, 'NATIONALITY')
    .flatMap((n) => children(n, 'VALUE').map(textOf))
    .filter(Boolean)
    .join('; ')
  return {
    reference,
    name,
    names,
    births: birthsOf(person),
    nationality,
    listedOn: textOf(child(person, 'LISTED_ON')).slice(0, 10) || null,
  }
}

export function parseUnList(xml: string): SanctionsList {
  const document = parseXml(xml)
  if (document.tag !== 'CONSOLIDATED_LIST') throw new Refusal('sanctions_list_invalid', { problem: 'not_the_list' })
  const generated = /dateGenerated\s*=\s*"([^"]*)"/.exec(document.attributes)?.[1] ?? null
  const individuals = children(document, 'INDIVIDUALS').flatMap((group) =>
    children(group, 'INDIVIDUAL').flatMap((person) => personOf(person) ?? []),
  )
  if (individuals.length === 0) throw new Refusal('sanctions_list_invalid', { problem: 'empty' })
  return { generatedAt: generated, individuals }
}

/** A birth as the console and the report show it. */
export function birthText(birth: ListedBirth): string {
  if ('date' in birth) return birth.date
  if ('year' in birth) return String(birth.year)
  return `${birth.from}–${birth.to}`
}
