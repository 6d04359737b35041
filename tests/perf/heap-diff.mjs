// What grew between two heap snapshots, by object type and constructor, per unit (e.g. per open
// stream): `node tests/perf/heap-diff.mjs before.heapsnapshot after.heapsnapshot [units] [rows]`.
import { readFileSync } from 'node:fs';

const [beforeFile, afterFile, unitsArg = '1', rowsArg = '30'] = process.argv.slice(2);
if (!beforeFile || !afterFile) throw new Error('usage: heap-diff.mjs before.heapsnapshot after.heapsnapshot [units] [rows]');

function summarize(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const groups = new Map();
  let total = 0;
  const { nodes, strings } = snapshot;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    const name = type === 'object' || type === 'closure' || type === 'native' ? strings[nodes[i + nameAt]].slice(0, 60) : '';
    const key = `${type} ${name}`.trim();
    const group = groups.get(key) ?? { count: 0, size: 0 };
    group.count += 1;
    group.size += nodes[i + sizeAt];
    total += nodes[i + sizeAt];
    groups.set(key, group);
  }
  return { groups, total };
}

const before = summarize(beforeFile);
const after = summarize(afterFile);
const units = Number(unitsArg);
const rows = [...after.groups].map(([key, group]) => {
  const old = before.groups.get(key) ?? { count: 0, size: 0 };
  return { key, count: (group.count - old.count) / units, bytes: (group.size - old.size) / units };
});
rows.sort((a, b) => b.bytes - a.bytes);
console.log(
  `heap: ${(before.total / 1048576).toFixed(1)} MB → ${(after.total / 1048576).toFixed(1)} MB · per unit ${((after.total - before.total) / units / 1024).toFixed(1)} KB`,
);
console.log('bytes/unit  objects/unit  type and constructor');
for (const row of rows.slice(0, Number(rowsArg))) console.log(`${row.bytes.toFixed(0).padStart(10)}  ${row.count.toFixed(1).padStart(12)}  ${row.key}`);
