// Benchmark: lint a 1,000-document role file (~13k lines) with keyfob, beside yaml-language-server
// validating the same file with our role schema, measured in the same run. Target: at least 5x faster,
// while catching the cross-field errors a plain schema misses.
import { createRequire } from 'node:module';
import type * as Yls from 'yaml-language-server';
import type * as TextDocuments from 'vscode-languageserver-textdocument';
import { lintText } from '@keyfob/shared/lint';
import roleSchema from '../schemas/role.schema.json' with { type: 'json' };
import { measure, ms, printTable } from './lib/measure.ts';

const require = createRequire(import.meta.url);

/** A deterministic multi-document role file; every 10th document has a cross-field mistake. */
function makeRoleFile(documents: number): string {
  const docs: string[] = [];
  for (let i = 0; i < documents; i++) {
    const broken = i % 10 === 9;
    switch (i % 4) {
      case 0:
        docs.push(
          [`name: deploy-${i}`, 'credential_type: iam_user', 'user_path: /ci/', 'policy_arns:', '  - arn:aws:iam::aws:policy/ReadOnlyAccess',
            '  - arn:aws:iam::123456789012:policy/deploy', 'iam_groups: [builders, readers]', 'iam_tags:', '  team: platform', '  owner: ci',
            'permissions_boundary_arn: arn:aws:iam::123456789012:policy/boundary', broken ? 'default_sts_ttl: 1h' : '# no sts ttl for iam users', '# end'].join('\n'),
        );
        break;
      case 1:
        docs.push(
          [`name: assume-${i}`, 'credential_type: assumed_role', 'role_arns:', '  - arn:aws:iam::123456789012:role/deployer', '  - arn:aws:iam::123456789012:role/reader',
            'default_sts_ttl: 30m', broken ? 'max_sts_ttl: 15m' : 'max_sts_ttl: 2h', 'external_id: ext-42', 'session_tags:', '  team: platform', '  env: ci',
            'policy_arns: arn:aws:iam::aws:policy/ReadOnlyAccess', '# end'].join('\n'),
        );
        break;
      case 2:
        docs.push(
          [`name: federate-${i}`, 'credential_type: federation_token', 'policy_document: |', '  {"Version": "2012-10-17",', '   "Statement": [{"Effect": "Allow",',
            '     "Action": "s3:GetObject", "Resource": "*"}]}', 'default_sts_ttl: 15m', 'max_sts_ttl: 1h', 'iam_groups: readers', broken ? 'user_path: /x/' : '# plain',
            '# spare line', '# spare line', '# end'].join('\n'),
        );
        break;
      default:
        docs.push(
          [`name: session-${i}`, 'credential_type: session_token', 'mfa_serial_number: arn:aws:iam::123456789012:mfa/ci', broken ? 'policy_arns: arn:aws:iam::aws:policy/ReadOnlyAccess' : '# no policies',
            '# session tokens carry', '# the root user\'s rights', '# spare line', '# spare line', '# spare line', '# spare line', '# spare line', '# spare line', '# spare line', '# end'].join('\n'),
        );
    }
  }
  return docs.join('\n---\n') + '\n';
}

function yamlLanguageServer(text: string): () => Promise<number> {
  const yls = require('yaml-language-server') as typeof Yls;
  const { TextDocument } = require('vscode-languageserver-textdocument') as typeof TextDocuments;
  const service = yls.getLanguageService({
    schemaRequestService: () => Promise.reject(new Error('offline')),
    workspaceContext: { resolveRelativePath: (relative: string) => relative },
  });
  service.configure({ validate: true, schemas: [{ uri: 'https://keyfob.dev/schemas/role.schema.json', fileMatch: ['*.role.yaml'], schema: roleSchema }] });
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
  ['keyfob lintText', ms(keyfob.median), ms(keyfob.min), ms(keyfob.max), `${ours.problems.length} (${ourErrors} errors)`],
  ['yaml-language-server + role schema', ms(baseline.median), ms(baseline.min), ms(baseline.max), String(ylsCount)],
]);
const ratio = baseline.median / keyfob.median;
console.log(`speed-up: ${ratio.toFixed(1)}x (target >= 5x) ${ratio >= 5 ? 'MET' : 'NOT MET'}`);
console.log(`cross-field mistakes planted: 100; keyfob errors: ${ourErrors}; yaml-language-server diagnostics: ${ylsCount}`);
