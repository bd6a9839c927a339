// A server's `/metrics`, as the benches read it: one scrape behind the metrics token, then each
// sample by its full name and labels (0 when the server has not written it).
export async function scrapeMetrics(base: string, token: string): Promise<(sample: string) => number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text()
  const values = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue
    const space = line.lastIndexOf(' ')
    if (space > 0) values.set(line.slice(0, space), Number(line.slice(space + 1)))
  }
  return (sample) => values.get(sample) ?? 0
}
