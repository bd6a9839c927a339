// Before each server test file: passwords hashed at a low scrypt cost (each hash records its cost
// and is checked at it), so a suite that sets thousands of passwords does not spend a third of a
// second on each. The tests of the password queue's bounds set the real cost back themselves.
import { setHashCostForTests } from '../../server/accounts/passwords.ts'

setHashCostForTests(2 ** 10)
