import { MSG } from './messages';

/** Password rules (issue 13): members 8 characters, admins and founders 12, none from the common list. */
export const PASSWORD_MIN_MEMBER = 8;
export const PASSWORD_MIN_STAFF = 12;
export const PASSWORD_MAX = 200;

export const isStaffRole = (role: string | null | undefined) => role === 'admin' || role === 'founder';
export const passwordMinFor = (role: string | null | undefined) => (isStaffRole(role) ? PASSWORD_MIN_STAFF : PASSWORD_MIN_MEMBER);

/**
 * Passwords that appear again and again in published breach lists, and the usual variations on this platform's
 * own words; compared lower-cased. Anything shorter than 8 is refused by length already, so only longer ones are here.
 */
const COMMON = `
password password1 password12 password123 password1234 password12345 password123456 password! password@123 password#123
passw0rd passw0rd1 p@ssword p@ssw0rd p@ssw0rd1 p@ssw0rd123 pa$$word pa$$w0rd passwort motdepasse contrasena
12345678 123456789 1234567890 12345678910 123456789012 1234567890123 0123456789 987654321 9876543210 11111111 111111111
1111111111 00000000 000000000 0000000000 12341234 11223344 112233445566 123123123 123321123 147258369 159753123 123654789
qwerty12 qwerty123 qwerty1234 qwertyui qwertyuiop qwertyuiop12 qwertyuiop123 qwerty@123 qwerty!23 asdfghjk asdfghjkl
zxcvbnm1 zxcvbnm123 1qaz2wsx 1qaz2wsx3edc qazwsxedc qazwsx123 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5
abcd1234 abcdef12 abcdefgh abc12345 abc123456 abcd@1234 aa123456 a1234567 a12345678 a1b2c3d4 a1b2c3d4e5
iloveyou iloveyou1 iloveyou123 sunshine sunshine1 princess princess1 football football1 baseball basketball
superman batman123 starwars trustno1 whatever whatever1 letmein1 letmein123 welcome1 welcome123 welcome@123
welcome12345 changeme changeme1 changeme123 default1 secret12 secret123 secret1234 monkey123 dragon123 shadow123
master123 michael1 jennifer charlie1 computer internet samsung1 google123 facebook1 liverpool chelsea1 arsenal1
india123 india@123 india1234 bharat123 jaihind123 krishna123 ganesh123 sairam123 omsairam 9999999999 8888888888
admin123 admin1234 admin12345 admin@123 admin@1234 admin@12345 admin@123456 administrator administrator1 adminadmin
root1234 rootroot toor1234 test1234 test12345 testtest tester123 guest123 user1234 user12345 login123 demo1234
founder123 founder@123 member123 member@123 network123 binary123 mlm12345 money123 money1234 wallet123 payout123
summer2024 summer2025 summer2026 winter2024 winter2025 winter2026 spring2025 spring2026 autumn2025 autumn2026
january2026 december2025 november2026 password2024 password2025 password2026 welcome2025 welcome2026 india2026
football123 monkey12 dragon12 baseball1 letmein12 1234qwer qwer1234 asdf1234 zaq12wsx !qaz2wsx passpass pass1234
pass12345 hello123 hello1234 freedom1 whatever123 jordan23 michael123 superman1 mustang1 access14 master12 killer12
hunter12 ranger12 thomas12 robert12 soccer12 hockey12 george12 andrew12 matrix12 pepper12 cricket123 sachin10
dhoni007 india@1234 mumbai123 delhi123 pune1234 chennai123 kolkata123 bangalore1 hyderabad1 qwerty1234567
`
  .trim()
  .split(/\s+/);

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON);

/** A password made only of one character repeated, or of a run of consecutive digits or letters. */
function trivial(p: string): boolean {
  if (/^(.)\1+$/.test(p)) return true;
  const codes = [...p].map((ch) => ch.charCodeAt(0));
  const step = codes[1] - codes[0];
  return (step === 1 || step === -1) && codes.every((c, i) => i === 0 || c - codes[i - 1] === step);
}

export const isCommonPassword = (password: string) => {
  const p = password.toLowerCase();
  return COMMON_PASSWORDS.has(p) || trivial(p);
};

/** The rule a password breaks for this role, as the message the form and the API show; undefined when it qualifies. */
export function passwordProblem(password: string, role: string | null | undefined): string | undefined {
  if (password.length < PASSWORD_MIN_MEMBER) return MSG.passwordMin;
  if (isStaffRole(role) && password.length < PASSWORD_MIN_STAFF) return MSG.passwordMinStaff;
  if (isCommonPassword(password)) return MSG.passwordCommon;
  return undefined;
}
