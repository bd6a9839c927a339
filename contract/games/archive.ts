// The math of game versions that were replaced (strips and pays), kept so every round ever
// played stays verifiable: /api/game/def/:id?version=N serves them dressed as the current game
// (symbols and art do not change outcomes). Never edit an entry; add one when a version changes.
import type { GameDef } from './engine.ts'

export type GameMath = Pick<GameDef, 'id' | 'version' | 'reels' | 'pays' | 'scatterPays'> &
  Partial<Pick<GameDef, 'freeSpins' | 'fullWindowMultiplier'>>

export const superseded: GameMath[] = [
  {
    id: 'sete-da-sorte',
    version: 1,
    reels: ['7CEDBCBCEDTWBCDBCEBCDTB', 'DBCTDEBCBDCEB7DTBCDEBCW', 'BECDB7CEBDTCBEWDBCEBCDT'],
    scatterPays: [],
    pays: {
      '7': [0, 0, 183],
      W: [0, 0, 458],
      T: [0, 0, 55],
      E: [0, 0, 23],
      D: [0, 0, 11],
      B: [0, 0, 6],
      C: [0, 2, 5],
    },
  },
  {
    id: 'tesouro-maia',
    version: 1,
    reels: [
      'SQZJATKXQJYATQZJKTAJQKYJTXAQZKJTQAYJKT',
      'ZQAJTKXQYJATZKQJTAQKYJWTXAZQJKTQAYJKST',
      'AJKTWYQJAZTKQJATYQXKJZSTWAQKJTYQAJKZTQX',
      'KTQZJATSKQXJYATQKZJTAQKJYTAQZXJKWTQAJY',
      'JKYTQJZATKQJAYTXJSQKZTJAQKJYTQAZKJTXQA',
    ],
    scatterPays: [0, 0, 0, 100, 500, 2500],
    pays: {
      X: [0, 0, 84, 335, 1255],
      Y: [0, 0, 50, 167, 669],
      Z: [0, 0, 42, 126, 502],
      A: [0, 0, 25, 67, 209],
      K: [0, 0, 25, 59, 167],
      Q: [0, 0, 17, 50, 126],
      J: [0, 0, 17, 42, 100],
      T: [0, 0, 13, 33, 80],
    },
  },
  {
    id: 'dragao-dourado',
    version: 1,
    reels: [
      'SQZJAKTQJAKQTZJXYQKTAJQKJTAZQJKTYQAJKT',
      'QZJAKTQJAKQTXYZJQKTAJQWKJTAZQJKTYQAJKST',
      'AJKTQYJAWZKTQJAQKTJAQZKSTJYAQKJTQAJZKTXQ',
      'KTQZJAKTSQJAKQTJZYQKTAJXQKJTAZQJWKTQAJY',
      'JKTYQJAZKTQJAQKTJSAZQKTJYAQKJTQXAZJKTQA',
    ],
    scatterPays: [0, 0, 0, 100, 1000, 5000],
    pays: {
      X: [0, 0, 191, 915, 4575],
      Y: [0, 0, 91, 381, 1525],
      Z: [0, 0, 46, 152, 610],
      A: [0, 0, 23, 61, 191],
      K: [0, 0, 23, 53, 152],
      Q: [0, 0, 15, 46, 114],
      J: [0, 0, 15, 38, 91],
      T: [0, 0, 12, 30, 73],
    },
  },
]
