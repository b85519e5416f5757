// Writes the inputs of scripts/check-generated-languages.sh into the folder given as the
// first argument, as IEEE 754 bit patterns (16 hex digits a line):
//   times.bits   >= 10^4 normalized times: 0, -0, 1, NaN, ±Infinity, subnormals, values just
//                inside and outside [0, 1], then seeded uniform values in [-0.25, 1.25],
//                values 2^-k from 0 and 1 - 2^-k near 1;
//   levels.bits  >= 10^3 levels: the same specials, then seeded uniform values in [0, 1] and
//                values near both ends.
// The generator is a 64-bit xorshift with a fixed seed, so every run writes the same bytes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2];
if (!folder) {
  console.error('error: usage: node inputs.mjs FOLDER');
  process.exit(2);
}

const buffer = new Float64Array(1);
const words = new BigUint64Array(buffer.buffer);
const hex = (x) => {
  buffer[0] = x;
  return words[0].toString(16).padStart(16, '0');
};
const fromBits = (bits) => {
  words[0] = bits;
  return buffer[0];
};

let state = 0x9e3779b97f4a7c15n;
const mask = (1n << 64n) - 1n;
// A uniform double in [0, 1) from the top 53 bits of the next xorshift64* output.
function uniform() {
  state ^= (state << 13n) & mask;
  state ^= state >> 7n;
  state ^= (state << 17n) & mask;
  return Number(((state * 0x2545f4914f6cdd1dn) & mask) >> 11n) / 2 ** 53;
}

const specials = [
  0, -0, 1, NaN, Infinity, -Infinity, 0.5, -1, 2, 1e300, -1e300,
  fromBits(1n), fromBits(0x8000000000000001n), fromBits(0x000fffffffffffffn), 2.2250738585072014e-308,
  1 - 2 ** -53, 1 + 2 ** -52, -(2 ** -1074), 2 ** -1022, 0.1, 0.3, 0.7, 0.9,
];

const times = [...specials];
for (let i = 0; i < 9000; i++) times.push(-0.25 + 1.5 * uniform());
for (let k = 1; k <= 600; k++) times.push(2 ** -(k * 1.7), 1 - 2 ** -(1 + (k % 52)) * uniform());
const levels = [...specials];
for (let i = 0; i < 1500; i++) levels.push(uniform());
for (let k = 1; k <= 250; k++) levels.push(2 ** -(k * 4), 1 - 2 ** -(1 + (k % 52)) * uniform());

writeFileSync(join(folder, 'times.bits'), times.map(hex).join('\n') + '\n');
writeFileSync(join(folder, 'levels.bits'), levels.map(hex).join('\n') + '\n');
console.log(`inputs: ${times.length} times, ${levels.length} levels`);
