// "Sobre": what the app is made of and whose work it uses — the games' illustrations are
// Microsoft's Fluent Emoji (flat), under the MIT licence, compiled into the build; the sounds are
// synthesised on the device.
import { Trans } from '@lingui/react/macro'

export function About() {
  return (
    <section className="card about" data-testid="about">
      <h2>
        <Trans>Sobre o Jogo Limpo</Trans>
      </h2>
      <p>
        <Trans>
          Ilustrações dos jogos:{' '}
          <a href="https://github.com/microsoft/fluentui-emoji" target="_blank" rel="noreferrer">
            Fluent Emoji (flat)
          </a>
          , © Microsoft Corporation, licença MIT. Os setes vermelho e azul são desenhos nossos; os sons são sintetizados
          no seu aparelho.
        </Trans>
      </p>
      <details>
        <summary>
          <Trans>Licença MIT das ilustrações</Trans>
        </summary>
        <p className="license" lang="en">
          Copyright (c) Microsoft Corporation. Permission is hereby granted, free of charge, to any person obtaining a
          copy of this software and associated documentation files (the "Software"), to deal in the Software without
          restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute,
          sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do
          so, subject to the following conditions: The above copyright notice and this permission notice shall be
          included in all copies or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT
          WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
          FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE
          LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
          FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
        </p>
      </details>
    </section>
  )
}
