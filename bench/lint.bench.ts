// Benchmark: lint a 1,000-document role file (~13k lines) with keyfob, beside yaml-language-server
// validating the same file with our role schema, measured in the same run. Target: at least 5x faster,
// while catching the cross-field errors a plain schema misses.
import { createRequire } from 'node:module';
import type * as Yls from 'yaml-language-server';
import type * as TextDocuments from 'vscode-languageserver-textdocument';
import { lintText } from '@keyfob/shared/lint';
import roleSchema from '../schemas/role.schema.json' with { type: 'json' };
import { measure, ms, printTable } from './lib/measure.ts';
import { makeRoleFile } from './lib/role-file.ts';

const require = createRequire(import.meta.url);

function yamlLanguageServer(text: string): () => Promise<number> {
  const yls = require('yaml-language-server') as typeof Yls;
  const { TextDocument } = require('vscode-languageserver-textdocument') as typeof TextDocuments;
  const service = yls.getLanguageService({
    schemaRequestService: () => Promise.reject(new Error('offline')),
    workspaceContext: { resolveRelativePath: (relative: string) => relative },
  });
  service.configure({
    validate: true,
    schemas: [{ uri: 'https://keyfob.dev/schemas/role.schema.json', fileMatch: ['*.role.yaml'], schema: roleSchema }],
  });
  let version = 0;
  return async () => {
    const document = TextDocument.create('file:///bench/many.role.yaml', 'yaml', ++version, text);
    const diagnostics = await service.doValidation(document, false);
    return diagnostics.length;
  };
}

const text = makeRoleFile(1000);
const lines = text.split('\n').length;
const ours = lintText(text, { fileName: 'many.role.yaml' });
const ourErrors = ours.problems.filter((p) => p.severity === 'error').length;
const runYls = yamlLanguageServer(text);
const ylsCount = await runYls();

const keyfob = await measure(() => lintText(text, { fileName: 'many.role.yaml' }), { runs: 15 });
const baseline = await measure(runYls, { runs: 7, warmup: 2 });

console.log(`file: 1000 documents, ${lines} lines`);
printTable([
  ['validator', 'median', 'min', 'max', 'problems reported'],
  [
    'keyfob lintText',
    ms(keyfob.median),
    ms(keyfob.min),
    ms(keyfob.max),
    `${ours.problems.length} (${ourErrors} errors)`,
  ],
  ['yaml-language-server + role schema', ms(baseline.median), ms(baseline.min), ms(baseline.max), String(ylsCount)],
]);
const ratio = baseline.median / keyfob.median;
console.log(`speed-up: ${ratio.toFixed(1)}x (target >= 5x) ${ratio >= 5 ? 'MET' : 'NOT MET'}`);
console.log(
  `cross-field mistakes planted: 100; keyfob errors: ${ourErrors}; yaml-language-server diagnostics: ${ylsCount}`,
);
