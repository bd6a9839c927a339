// The face-match seam: how identity by face asks a provider whether a live picture is the face the
// government's records hold for a CPF, and how alive it looked. One interface; the Datavalid HTTP
// adapter (face-datavalid.ts) implements it, and the sandbox face server (sandbox/face-server.ts)
// answers that adapter's API here. Scores are fractions (0–1) as the provider gives them.

export interface FaceQuery {
  cpf: string
  /** The picture as sent by the app (JPEG or PNG bytes): passed on, never kept. */
  image: Buffer
}

export interface FaceAnswer {
  /** How alike the picture and the reference face are, 0–1. */
  match: number
  /** How sure the provider is that a live person was in front of the camera, 0–1. */
  liveness: number
  /** The provider's own reference for this check (what an audit asks it about), when it gives one. */
  reference: string | null
}

export interface FaceMatcher {
  /** A name for the records (which provider answered). */
  readonly name: string
  /** Compares the picture with the CPF's reference face; throws `FaceUnavailable` when it cannot answer now. */
  check(query: FaceQuery): Promise<FaceAnswer>
}

/** No answer: the provider is down, timed out, or holds no reference face for the CPF. */
export class FaceUnavailable extends Error {
  constructor(message = 'face provider unavailable') {
    super(message)
    this.name = 'FaceUnavailable'
  }
}
