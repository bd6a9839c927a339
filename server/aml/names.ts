// Names compared for sanctions screening: accents, case, punctuation and word order do not count,
// letters other alphabets' romanisations spell differently count as one (Mohammed, Muhammad and
// Mohamed; Usama and Osama; Yusuf and Youssef), connecting particles (al, bin, da, dos…) are
// left out, and a listed name may be matched through any of its aliases. Pure functions.

/** Letters NFD does not split into a base letter and a mark. */
const foldLetters: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
}

/** Words that join names rather than name anyone. */
const particles = new Set([
  'al',
  'el',
  'ul',
  'bin',
  'ben',
  'ibn',
  'bint',
  'de',
  'da',
  'do',
  'dos',
  'das',
  'del',
  'della',
  'di',
  'du',
  'van',
  'von',
  'der',
  'den',
  'la',
  'le',
  'y',
  'e',
  'mr',
  'mrs',
  'haji',
  'hajji',
  'sheikh',
  'shaykh',
  'mullah',
  'maulvi',
  'maulavi',
  'qari',
  'dr',
  'colonel',
  'general',
])

/** Lower case, no accents, letters and single spaces only. */
export function plainName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[ßæœøđðłıþ]/g, (c) => foldLetters[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z]+/g, ' ')
    .trim()
}

/** The words of a name that name someone (particles left out, unless nothing else is left). */
export function nameWords(name: string): string[] {
  const words = plainName(name).split(' ').filter(Boolean)
  const kept = words.filter((w) => !particles.has(w))
  return kept.length > 0 ? kept : words
}

/**
 * One word's sound as romanisations agree on it: a few spellings of one sound made one, the
 * vowels after the first letter dropped (a first vowel made `a`), doubled letters made single.
 * Mohammed, Muhammad, Mohamad → `md`; Usama, Osama → `asm`; Yusuf, Youssef, Yousef → `ysf`.
 */
export function wordKey(word: string): string {
  let w = word
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/c(?=[aou])/g, 'k')
    .replace(/kh/g, 'k')
    .replace(/gh/g, 'g')
    .replace(/dh/g, 'd')
    .replace(/th/g, 't')
    .replace(/sh|ch/g, 'x')
    .replace(/z/g, 's')
    .replace(/w/g, 'v')
    .replace(/j/g, 'y')
  // h after the first letter is not heard (Mohammed, Ahmad keep theirs at the start only); y after
  // it is a vowel (Sergey, Sergei).
  w = w.replace(/(?<=.)h/g, '').replace(/(?<=.)y/g, 'i')
  const first = /[aeiouy]/.test(w[0] ?? '') && w[0] !== 'y' ? 'a' : (w[0] ?? '')
  const rest = w.slice(1).replace(/[aeiou]/g, '')
  return (first + rest).replace(/(.)\1+/g, '$1')
}

export interface NameMatch {
  /** Every word of both names has its counterpart in the other (any order). */
  full: boolean
  /** Words paired. */
  paired: number
  /** Each name's word count. */
  ours: number
  theirs: number
}

/** How far one name's words pair with another's (each word used once, any order). */
export function compareNames(ours: string, theirs: string): NameMatch {
  const a = nameWords(ours).map(wordKey)
  const b = nameWords(theirs).map(wordKey)
  const left = [...b]
  let paired = 0
  for (const key of a) {
    const at = left.findIndex((other) => other === key || nearKeys(key, other))
    if (at >= 0) {
      left.splice(at, 1)
      paired += 1
    }
  }
  return { full: paired === a.length && paired === b.length && paired > 0, paired, ours: a.length, theirs: b.length }
}

/** Long keys one letter apart (a dropped or changed consonant: Abdulrahman / Abdurrahman). */
function nearKeys(a: string, b: string): boolean {
  if (Math.min(a.length, b.length) < 4 || Math.abs(a.length - b.length) > 1) return false
  return editDistance(a, b) <= 1
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.length] as number
}
