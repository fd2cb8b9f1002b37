// npm test: every test of the project, in the order that fails fastest, then one summary line
// `tests: N passed, N failed` that CI reads. Exits non-zero if anything failed or could not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const cacheDir = 'node_modules/.cache';
const vitestReport = `${cacheDir}/unit-results.json`;
const e2eReport = `${cacheDir}/e2e-results.json`;
mkdirSync(cacheDir, { recursive: true });
rmSync(vitestReport, { force: true });
rmSync(e2eReport, { force: true });

let passed = 0;
let failed = 0;
const problems = [];

/** Seconds since `start`, for the line each step ends with: where the run's time goes, in CI's log. */
const since = (start) => `${((Date.now() - start) / 1000).toFixed(0)} s`;

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const start = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${since(start)}`);
  if (result.status !== 0) problems.push(`${name} exited with ${result.status ?? result.signal}`);
  return result.status === 0;
}

if (!step('system packages', 'node', ['scripts/system-deps.mjs', 'test'])) {
  console.log('\ntests: 0 passed, 1 failed');
  process.exit(1);
}
step('kept-loaded tesseract', 'node', ['scripts/native-build.mjs']);
step('type check', 'npm', ['run', '--silent', 'typecheck']);
step('package boundaries', 'npm', ['run', '--silent', 'lint:boundaries']);
step('lint', 'npm', ['run', '--silent', 'lint']);
// Not beside the checks: the build keeps both cores busy (44 s alone on a clean checkout, 54 s beside them).
const built = step('build', 'npm', ['run', '--silent', 'build']);

step('unit and API tests', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

if (built) {
  step('browser tests', 'playwright', ['test']);
  if (existsSync(e2eReport)) {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  }
}

// A step that failed without a failing test (type errors, a crashed runner) still fails the run.
const unexplained = failed === 0 ? problems.length : 0;
if (problems.length > 0) console.log(`\nFailed steps:\n- ${problems.join('\n- ')}`);
console.log(`\ntests: ${passed} passed, ${failed + unexplained} failed`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);
