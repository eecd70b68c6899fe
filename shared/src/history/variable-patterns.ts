/** The patterns that follow one variable name through nearby lines; built once per name, not per URL. */
export interface VariablePatterns {
  /**
   * Passed as an argument: `NewRequest("PATCH", u, …)`, `requests.delete(url)`, a line of a call's
   * arguments (`  url,`), or as its text (`u.String()`, `url.as_str()`, `url.toString()`); not `u.Path`,
   * `u[0]`, `u(…)`.
   */
  readonly uses: RegExp;
  /** Assigned again at a line start: `u = …`, `u := …`. */
  readonly assigns: RegExp;
  /** Assigned again in shell: `url=…`, `local url=…`; in PowerShell `$url = …`, `$script:url = …`. */
  readonly shellAssigns: RegExp;
  /** Used in shell: `$url`, `${url}`. */
  readonly shellUse: RegExp;
  /** Assigned a literal on its line: `u := "github-app/installations"` (the last group is the quote). */
  readonly assignedLiteral: RegExp;
  /**
   * Extended at a line start: `url += f"/{org}/workspaces"`, `url = url + "/" + org`, `url = f"{url}/runs"`,
   * `url = urljoin(url, path)`. A group is set when what is added starts a query (`url += "?page[size]=5"`).
   */
  readonly extends: RegExp;
}

/** Variable names are few per text (`u`, `url`, `path`); at most this many are kept. */
const MAX_NAMES = 512;
const cache = new Map<string, VariablePatterns>();

/** The patterns for a variable name (a word: `[A-Za-z_]\w*`). */
export function variablePatterns(name: string): VariablePatterns {
  let found = cache.get(name);
  if (found) return found;
  if (cache.size >= MAX_NAMES) cache.clear();
  found = {
    uses: new RegExp(
      `(?:[(,]\\s*(?:\\w+\\s*=(?!=)\\s*)?|^\\s*(?:\\w+\\s*=(?!=)\\s*(?=${name}\\s*[,)]))?)&?${name}\\b(?!\\s*(?:[[(]|\\.(?!(?:String|toString|as_str|clone|to_string)\\(\\))|:?=))`,
    ),
    // Not a keyword argument of the variable's own name on its line of a call (`    url=url,`).
    assigns: new RegExp(`^\\s*${name}\\s*(?::=|=(?!=)(?!\\s*${name}\\s*[,)]))`),
    shellAssigns: new RegExp(
      `^\\s*(?:(?:(?:local|export|readonly|declare)\\s+)?${name}=|\\$(?:\\w+:)?${name}\\s*=(?!=))`,
    ),
    shellUse: new RegExp(`\\$\\{?${name}(?!\\w)`),
    assignedLiteral: new RegExp(`(?:^|[^\\w.])${name}[ \\t]*(?::=|=(?!=))[ \\t]*(["'\`])`),
    extends: new RegExp(
      `^\\s*${name}\\s*(?:\\+=\\s*(f?["'\`][?&])?|=(?!=)\\s*(?:${name}\\s*\\+\\s*(f?["'\`][?&])?|f?["'\`]\\$?\\{${name}\\}([?&])?|[\\w.]*(?:url_?join|join_?url)\\(\\s*${name}\\b))`,
    ),
  };
  cache.set(name, found);
  return found;
}
