// Every npm script runs on the Node the project pins (npm package "node", ^24), found first on
// PATH through node_modules/.bin. The system's Node 20 is past its end of life.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(`TextLift needs Node 24 LTS; this is ${process.version}. Run "npm ci" first: it installs Node 24 into node_modules/.bin.`);
  process.exit(1);
}
