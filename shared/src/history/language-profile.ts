/** How one language family writes strings, comments and keys, as far as the matcher cares. */
export interface LanguageProfile {
  /** `'` delimits strings (false in prose, where it is an apostrophe). */
  readonly singleQuote: boolean;
  /** Backticks delimit strings (template literals, Go raw strings, Markdown code spans). */
  readonly backtick: boolean;
  /** `"""` / `'''` blocks (Python docstrings) are skipped like comments. */
  readonly tripleQuotes: boolean;
  /** `"` strings may span lines (shell). */
  readonly multilineDouble: boolean;
  /**
   * Shell: a string may open on one line and close on a later one, the command going on after it
   * (`jq -n '{` … `}' | http POST "https://…"`): a line that starts inside one reads afresh past its closing quote.
   */
  readonly quotesAcrossLines?: true;
  /** `//` line and `/* *\/` block comments. */
  readonly slashComments: boolean;
  /** `#` comments: after whitespace or at a line start (`"#fff"` is not one), or not at all. */
  readonly hashComments: 'word-start' | 'none';
  /** PowerShell's `<# … #>` block comments (comment-based help: `.DESCRIPTION  POST /runs`) are skipped. */
  readonly hashBlockComments?: true;
  /** Unquoted paths such as `url: /api/v2/runs` or `curl https://…` count as URLs. */
  readonly barePaths: boolean;
  /** `key = value` makes `key` a key (HCL, INI, shell); elsewhere `=` is assignment. */
  readonly equalsKeys: boolean;
  /** An unquoted word after `key:` is a string value (YAML). */
  readonly bareValues: boolean;
  /** Unquoted keys are the norm (YAML, HCL, INI): every known one is looked for. */
  readonly bareKeys: boolean;
  /** Unquoted object keys exist but are mostly not API fields (JS/TS object keys, Python model fields): looked for only inside payloads next to API evidence. */
  readonly objectKeys: boolean;
  /** `name {` opens a block named like a key (HCL's `organization_access { … }`). */
  readonly blockKeys: boolean;
  /** `"key" => value` makes a key (Ruby hashes, PHP arrays). */
  readonly arrowKeys: boolean;
  /** Unquoted list items are values (YAML's `- planned_and_saved`, `[fetching, queuing]`). */
  readonly listValues: boolean;
  /** Command lines (shell, CI scripts): a URL's method is read from the curl-style command that sends it. */
  readonly commands: boolean;
  /** A request call's arguments may be the path's segments (Ruby's `@request.get(:organizations, org, :workspaces)`). */
  readonly pathArguments: boolean;
  /**
   * Base URLs held in attributes or constants can stand in a literal (`f"{self._ws_url}/{id}"`,
   * `${this.base}/runs`) or be passed whole to a helper (`self._create(self._runs_url)`). Not in Go,
   * whose strings interpolate nothing and whose methods have no `self`/`this`.
   */
  readonly baseUrls: boolean;
  /** Literals written side by side are one string (`f"…/organizations/{org}/"` then `f"registry-modules/…"` in parentheses). */
  readonly adjacentLiterals?: true;
  /** Strings are joined by `.` (PHP, Perl) or `..` (Lua), not `+`: `$base . '/varsets/' . $id`. */
  readonly dotConcatenation?: true;
}

const plain = {
  objectKeys: false,
  blockKeys: false,
  arrowKeys: false,
  listValues: false,
  commands: false,
  pathArguments: false,
  baseUrls: true,
} as const;
const cLike: LanguageProfile = {
  singleQuote: true,
  backtick: true,
  tripleQuotes: false,
  multilineDouble: false,
  slashComments: true,
  hashComments: 'none',
  barePaths: false,
  equalsKeys: false,
  bareValues: false,
  bareKeys: false,
  ...plain,
};
const jsLike: LanguageProfile = { ...cLike, objectKeys: true };
const go: LanguageProfile = { ...cLike, baseUrls: false };
const python: LanguageProfile = {
  ...cLike,
  backtick: false,
  tripleQuotes: true,
  slashComments: false,
  hashComments: 'word-start',
  objectKeys: true,
  adjacentLiterals: true,
};
const hashScript: LanguageProfile = {
  ...python,
  tripleQuotes: false,
  objectKeys: false,
  arrowKeys: true,
  pathArguments: true,
};
const shell: LanguageProfile = {
  singleQuote: true,
  backtick: false,
  tripleQuotes: false,
  multilineDouble: true,
  slashComments: false,
  hashComments: 'word-start',
  barePaths: true,
  equalsKeys: false,
  bareValues: false,
  bareKeys: false,
  ...plain,
  commands: true,
};
const yaml: LanguageProfile = { ...shell, multilineDouble: false, bareValues: true, bareKeys: true, listValues: true };
const json: LanguageProfile = { ...cLike, singleQuote: false, backtick: false, slashComments: false };
const hcl: LanguageProfile = {
  ...cLike,
  singleQuote: false,
  backtick: false,
  hashComments: 'word-start',
  equalsKeys: true,
  bareKeys: true,
  blockKeys: true,
};
const ini: LanguageProfile = { ...yaml, equalsKeys: true, listValues: false };
const prose: LanguageProfile = {
  singleQuote: false,
  backtick: true,
  tripleQuotes: false,
  multilineDouble: false,
  slashComments: false,
  hashComments: 'none',
  barePaths: true,
  equalsKeys: false,
  bareValues: false,
  bareKeys: false,
  ...plain,
};
const unknown: LanguageProfile = {
  singleQuote: true,
  backtick: true,
  tripleQuotes: false,
  multilineDouble: false,
  slashComments: true,
  hashComments: 'word-start',
  barePaths: true,
  equalsKeys: true,
  bareValues: false,
  bareKeys: true,
  ...plain,
};

/** VS Code language ids (and our own short names) to profiles. */
const byLanguage: Record<string, LanguageProfile> = {
  typescript: jsLike,
  javascript: jsLike,
  typescriptreact: jsLike,
  javascriptreact: jsLike,
  go,
  java: cLike,
  csharp: cLike,
  kotlin: cLike,
  swift: cLike,
  rust: cLike,
  c: cLike,
  cpp: cLike,
  scala: cLike,
  dart: cLike,
  // Jenkins pipelines write curl commands in `sh """` scripts over lines: the URL stands unquoted on a line of its own.
  groovy: { ...cLike, barePaths: true },
  php: { ...cLike, hashComments: 'word-start', arrowKeys: true, dotConcatenation: true },
  // Lua: `--` comments are not read as comments (none is skipped); `..` joins strings.
  lua: { ...cLike, backtick: false, slashComments: false, dotConcatenation: true },
  python,
  ruby: hashScript,
  perl: { ...hashScript, dotConcatenation: true },
  r: hashScript,
  elixir: hashScript,
  shellscript: { ...shell, quotesAcrossLines: true },
  dockerfile: shell,
  makefile: shell,
  powershell: { ...shell, hashBlockComments: true, equalsKeys: true },
  yaml,
  'github-actions-workflow': yaml,
  json,
  jsonc: { ...json, slashComments: true },
  jsonl: json,
  terraform: hcl,
  hcl,
  'terraform-vars': hcl,
  toml: ini,
  ini,
  properties: ini,
  markdown: prose,
  plaintext: prose,
  http: { ...prose, hashComments: 'word-start' },
  // Sentinel policies: `#`, `//` and `/* */` comments, double-quoted strings, `name = value` an assignment (not a key).
  sentinel: { ...cLike, singleQuote: false, hashComments: 'word-start' },
  // Bruno's request files: `key: value` lines in named blocks, the URL bare on its `url:` line, a JSON body.
  bruno: { ...prose },
};

/** File extensions to language ids, for callers that only know the file name (the CLI). */
const byExtension: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  go: 'go',
  java: 'java',
  cs: 'csharp',
  kt: 'kotlin',
  kts: 'kotlin',
  swift: 'swift',
  rs: 'rust',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  scala: 'scala',
  dart: 'dart',
  lua: 'lua',
  groovy: 'groovy',
  gradle: 'groovy',
  php: 'php',
  py: 'python',
  pyi: 'python',
  rb: 'ruby',
  pl: 'perl',
  r: 'r',
  ex: 'elixir',
  exs: 'elixir',
  sh: 'shellscript',
  bash: 'shellscript',
  zsh: 'shellscript',
  ps1: 'powershell',
  psm1: 'powershell',
  yml: 'yaml',
  yaml: 'yaml',
  json: 'json',
  jsonc: 'jsonc',
  jsonl: 'jsonl',
  tf: 'terraform',
  hcl: 'hcl',
  tfvars: 'terraform-vars',
  toml: 'toml',
  ini: 'ini',
  cfg: 'ini',
  properties: 'properties',
  md: 'markdown',
  markdown: 'markdown',
  txt: 'plaintext',
  http: 'http',
  rest: 'http',
  bru: 'bruno',
  sentinel: 'sentinel',
};

/**
 * The profile for a document: by its language (`languageOf`: the id when known, else the file's
 * extension or name, else the interpreter its shebang names), else a permissive default that
 * accepts every quote style.
 */
export function profileFor(options: {
  readonly languageId?: string | undefined;
  readonly fileName?: string | undefined;
  readonly text?: string | undefined;
}): LanguageProfile {
  const id = languageOf(options);
  return (id === undefined ? undefined : byLanguage[id]) ?? unknown;
}

/** Interpreters a shebang may name, to language ids (a version suffix is dropped: `python3.11`, `node20`). */
const byInterpreter: Record<string, string> = {
  sh: 'shellscript',
  bash: 'shellscript',
  dash: 'shellscript',
  ksh: 'shellscript',
  zsh: 'shellscript',
  python: 'python',
  node: 'javascript',
  deno: 'typescript',
  'ts-node': 'typescript',
  tsx: 'typescript',
  pwsh: 'powershell',
  powershell: 'powershell',
  ruby: 'ruby',
  perl: 'perl',
};

/** The longest first line read for a shebang: a file's language is decided from its start alone. */
const SHEBANG_LINE_MAX = 200;

/**
 * The language a script names on its first line (`#!/bin/bash`, `#!/usr/bin/env python3`,
 * `#!/usr/bin/env -S node --flag`), or undefined. Reads at most the first 200 characters.
 */
export function languageOfShebang(text: string): string | undefined {
  if (!text.startsWith('#!')) return undefined;
  const head = text.slice(0, SHEBANG_LINE_MAX);
  const end = head.indexOf('\n');
  const line = head.slice(2, end < 0 ? head.length : end).trim();
  const words = line.split(/[ \t]+/);
  let program = words[0]?.slice(words[0].lastIndexOf('/') + 1) ?? '';
  if (program === 'env') program = words.slice(1).find((w) => !w.startsWith('-') && !w.includes('=')) ?? '';
  return byInterpreter[program.replace(/[\d.]+$/, '')];
}

/**
 * The language id of a document, decided in one place for every face (the CLI's scan, the editors'
 * project read and open documents, `scanText`): the editor's id when it is one the matcher knows
 * (`plaintext`, what an editor says of a file it does not recognise, gives way to what the name and shebang say, as
 * the CLI decides), else the
 * file name's extension or name, else the interpreter its shebang names (`.local/bin/generate_locals_imports`
 * starting `#!/bin/sh` is shell), else the id given (or undefined).
 */
export function languageOf(options: {
  readonly languageId?: string | undefined;
  readonly fileName?: string | undefined;
  readonly text?: string | undefined;
}): string | undefined {
  const given = options.languageId;
  // An editor says plain text of a file it does not recognise: the file is then read as the CLI reads it, by its
  // name and shebang, so an open `.cr` file gets the CLI's reading, not prose's; plain text only when no name is given.
  if (given === 'plaintext')
    return options.fileName === undefined
      ? (shebangOf(options.text) ?? given)
      : languageOf({ ...options, languageId: undefined });
  if (given !== undefined && byLanguage[given] !== undefined) return given;
  const byName =
    options.fileName === undefined
      ? undefined
      : (languageOfFile(options.fileName) ?? jinjaTemplateLanguage(options.fileName, options.text));
  return byName ?? shebangOf(options.text) ?? given;
}

/** Jinja's suffixes (`main.tf.j2`, `team.jinja2`): the file is a template, of the text its name has before them or of its own. */
const JINJA = /\.(?:j2|jinja2?)$/i;

/** The languages of HCL: a Jinja template of one is read as it (`jinja-templates.ts`' `withoutJinja`). */
const HCL_LANGUAGES = new Set(['terraform', 'hcl', 'terraform-vars']);

/** A `resource` or `data` block of a provider's type at a line's start (`resource "tfe_team" "{{team.name}}" {`). */
const HCL_BLOCK = /^[ \t]*(?:resource|data)[ \t]+"?[a-z][a-z0-9]*_[\w-]*"?[ \t]/m;

/** Whether a file is a Jinja template (`main.tf.j2`, `team.j2`, `x.jinja2`). */
function isJinjaTemplate(fileName: string): boolean {
  return JINJA.test(fileName);
}

/**
 * The language of a Jinja template of HCL: its name's before the suffix when that is an HCL one (`main.tf.j2`), or for a
 * name that says none (`team-setup.j2`) Terraform when its text opens a `resource`/`data` block at a line's start.
 * Templates of other languages keep no language here (their `{{ … }}` are read as placeholders where they stand).
 */
function jinjaTemplateLanguage(fileName: string, text: string | undefined): string | undefined {
  const base = fileBaseName(fileName);
  if (!isJinjaTemplate(base)) return undefined;
  const inner = languageOfFile(base.replace(JINJA, ''));
  if (inner !== undefined) return HCL_LANGUAGES.has(inner) ? inner : undefined;
  return text !== undefined && HCL_BLOCK.test(text) ? 'terraform' : undefined;
}

/**
 * Whether a file may be a Jinja template of HCL by its name alone (`main.tf.j2`; `team-setup.j2`, whose text decides):
 * not one whose name says another language (`config.yml.j2`).
 */
export function mayBeHclTemplate(fileName: string): boolean {
  const base = fileBaseName(fileName);
  if (!isJinjaTemplate(base)) return false;
  const inner = languageOfFile(base.replace(JINJA, ''));
  return inner === undefined || HCL_LANGUAGES.has(inner);
}

/** Whether a document is a Jinja template of HCL (its language by `languageOf`): read without its tags (`withoutJinja`). */
export function isHclTemplate(fileName: string | undefined, languageId: string | undefined): boolean {
  return (
    fileName !== undefined && languageId !== undefined && HCL_LANGUAGES.has(languageId) && isJinjaTemplate(fileName)
  );
}

/**
 * `languageOfShebang` of a text, if given.
 */
function shebangOf(text: string | undefined): string | undefined {
  return text === undefined ? undefined : languageOfShebang(text);
}

/** A file name's last part, after its last `/` or `\\` (the whole name when it has none). */
export function fileBaseName(fileName: string): string {
  return fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
}

/** Every file extension `languageOfFile` knows (lower case, no dot), in its table's order. */
export function knownExtensions(): readonly string[] {
  return Object.keys(byExtension);
}

/** A language id for a file name, or undefined when the extension is not known. */
export function languageOfFile(fileName: string): string | undefined {
  const base = fileBaseName(fileName);
  if (base === 'Dockerfile' || base.startsWith('Dockerfile.')) return 'dockerfile';
  if (base === 'Makefile' || base === 'GNUmakefile') return 'makefile';
  // Jenkins pipelines are Groovy: `Jenkinsfile`, `JenkinsFile`, `Jenkinsfile.deploy`.
  if (/^jenkinsfile(?:\.|$)/i.test(base) && !/\.(?:md|txt)$/i.test(base)) return 'groovy';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? undefined : byExtension[base.slice(dot + 1).toLowerCase()];
}
