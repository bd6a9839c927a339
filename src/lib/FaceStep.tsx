// The face step inside a sheet: the biometric consent in plain words (what, why, for how long, who
// sees it), then the front camera with a short liveness prompt, one picture taken and sent, and a
// way out for a phone without a camera (our team checks by other means). The picture lives only in
// this component's memory until sent; the server passes it to the face provider and keeps only its
// hash and the scores. Used for the step after name, CPF and date of birth, and for a step-up.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { BIOMETRIC_CONSENT_VERSION, type FaceAnswerOutcome, type FacePurpose } from '../../contract/face-values.ts'
import { faceFallback, sendFace } from './account.ts'
import { ApiError } from './http.ts'
import './face.css'

type Phase = 'consent' | 'camera' | 'sending' | 'no-camera'

function stopCamera(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop()
}

export function FaceStep({
  purpose,
  onDone,
}: {
  purpose: FacePurpose
  /** `passed`, or `review` (onboarding only: our team decides). */
  onDone: (outcome: FaceAnswerOutcome) => void
}) {
  const { t } = useLingui()
  const [phase, setPhase] = useState<Phase>('consent')
  const [problem, setProblem] = useState<string | null>(null)
  const video = useRef<HTMLVideoElement>(null)
  const stream = useRef<MediaStream | null>(null)

  useEffect(() => () => stopCamera(stream.current), [])

  async function openCamera() {
    setProblem(null)
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera API', 'NotFoundError')
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
        audio: false,
      })
      setPhase('camera')
    } catch (error) {
      const name = error instanceof DOMException ? error.name : ''
      if (name === 'NotFoundError' || name === 'OverconstrainedError') setPhase('no-camera')
      else
        setProblem(
          t`Não conseguimos abrir a câmera. Permita o uso da câmera nas configurações do navegador e tente de novo.`,
        )
    }
  }

  useEffect(() => {
    if (phase === 'camera' && video.current && stream.current) {
      video.current.srcObject = stream.current
      void video.current.play().catch(() => undefined)
    }
  }, [phase])

  async function takePicture() {
    const element = video.current
    if (!element) return
    const canvas = document.createElement('canvas')
    canvas.width = element.videoWidth || 640
    canvas.height = element.videoHeight || 480
    canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height)
    const image = canvas.toDataURL('image/jpeg', 0.85).replace(/^data:image\/jpeg;base64,/, '')
    stopCamera(stream.current)
    setPhase('sending')
    try {
      const { outcome } = await sendFace({ image, purpose, consentVersion: BIOMETRIC_CONSENT_VERSION })
      onDone(outcome)
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t`Algo deu errado. Tente de novo.`)
      setPhase('consent')
    }
  }

  async function withoutCamera() {
    setPhase('sending')
    try {
      onDone((await faceFallback()).outcome)
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t`Algo deu errado. Tente de novo.`)
      setPhase('no-camera')
    }
  }

  return (
    <div className="face-step" data-testid="face-step">
      {phase === 'consent' && (
        <>
          <div className="card" data-testid="face-consent">
            <h3>
              <Trans>Uso da imagem do seu rosto</Trans>
            </h3>
            <p>
              <Trans>
                Para confirmar que você é o titular do CPF, a lei das apostas pede reconhecimento facial com prova de
                vida. Enviamos uma foto tirada agora pela câmera frontal ao Serpro (Datavalid), que a compara com a foto
                do seu documento na base do governo.
              </Trans>
            </p>
            <p>
              <Trans>
                Não guardamos a foto: ficam só o resultado, as notas de semelhança e de prova de vida e um código que
                identifica a imagem sem permitir refazê-la, por 5 anos após o encerramento da conta, como a lei pede. Só
                nossa equipe de verificação vê esse resultado. Dado biométrico é dado sensível (LGPD, art. 11): você
                pode pedir informações sobre ele pelo atendimento.
              </Trans>
            </p>
          </div>
          {problem && (
            <p className="field-error" role="alert" data-testid="face-problem">
              {problem}
            </p>
          )}
          <button type="button" className="button" data-testid="face-consent-accept" onClick={openCamera}>
            <Trans>Concordo e abrir a câmera</Trans>
          </button>
          {purpose === 'onboarding' && (
            <button type="button" className="link" data-testid="face-no-camera" onClick={() => setPhase('no-camera')}>
              <Trans>Meu celular não tem câmera</Trans>
            </button>
          )}
        </>
      )}
      {phase === 'camera' && (
        <>
          <p className="face-prompt" role="status" data-testid="face-prompt">
            <Trans>
              Olhe para a câmera, com o rosto dentro do círculo e bem iluminado. Pisque devagar e toque em "Tirar foto".
            </Trans>
          </p>
          <div className="face-frame">
            <video ref={video} playsInline muted aria-label={t`Imagem da câmera frontal`} />
          </div>
          <button type="button" className="button" data-testid="face-capture" onClick={takePicture}>
            <Trans>Tirar foto</Trans>
          </button>
        </>
      )}
      {phase === 'sending' && (
        <p role="status" data-testid="face-sending">
          <Trans>Conferindo…</Trans>
        </p>
      )}
      {phase === 'no-camera' && (
        <>
          <p className="card" data-testid="face-fallback-text">
            <Trans>
              Sem câmera, nossa equipe confere seus dados por outro meio. Os depósitos esperam essa análise; avisamos
              aqui.
            </Trans>
          </p>
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          {purpose === 'onboarding' && (
            <button type="button" className="button" data-testid="face-fallback" onClick={withoutCamera}>
              <Trans>Enviar para análise</Trans>
            </button>
          )}
        </>
      )}
    </div>
  )
}
