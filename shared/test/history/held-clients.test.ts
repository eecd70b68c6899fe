// The third, fourth and fifth held-aside sets (test/fixtures/history-held, history-held2 and history-held3, SOURCES.tsv and
// labels.tsv in history-new's format), each measured once by the lead at the end of issue 22's third and
// fourth sessions and working sets since: scored on every run where the repository snapshots are (KEYFOB_MIRROR), with floors (the issue's
// target is 95% and 2%); `KEYFOB_RECALL_DETAILS=1` lists the misses and wrong reports. Any other
// labelled set in that format is scored on request only (`KEYFOB_HISTORY_PART=<name>` reads
// test/fixtures/history-<name>/): a clean held-aside set is measured once, by the lead, never while the
// matcher is worked on.
import assert from 'node:assert/strict';
import { labelledSet } from './labelled-set.ts';

// Floors as the matcher stands on it (measured once: recall 66.5% (218/328), wrong 13 of 231; since, with
// client models, service calls and i22b's URL and method readings: 97.3% (319/328), wrong 1 of 330).
labelledSet('held', { alwaysCheck: false, minExpected: 300, floors: { recall: 0.99, wrongShare: 0.01 } });
// The fourth held-aside set, measured once at the end of issue 22's fourth session (recall 91.1% (318/349),
// wrong 17 of 335) and a working set since: 98.6% (344/349), 0 wrong of 344 after this session's work.
labelledSet('held2', { alwaysCheck: false, minExpected: 340, floors: { recall: 0.99, wrongShare: 0.01 } });
// The fifth held-aside set, measured once in issue 22's fifth session (recall 83.1% (417/502), wrong 13 of
// 474) and a working set since: 94.6% (475/502), 0 wrong of 519 after that session's second round; 98.4%
// (494/502), 0 wrong of 546 in the sixth session (project facts, formatted bases, PowerShell bases).
labelledSet('held3', { alwaysCheck: false, minExpected: 500, floors: { recall: 0.99, wrongShare: 0.01 } });

// The sixth held-aside set, measured once at the end of issue 22's sixth session (recall 57.7% (217/376), wrong 1
// of 248) and a working set since: 63.8% (240/376), 1 wrong of 271 after the run task callback and switch statuses;
// 67.8% (255/376), 1 wrong of 286 after Python response keys read by data flow (response-flow.ts); 72.9% (274/376),
// 1 wrong of 289 (unlabelled 76 -> 62) after payload keys written apart and Ansible options left out; 81.4%
// (306/376), 1 wrong of 322 after attribute values and the run task context (d1b066e); 86.5% (326/377) after terrasnek's
// names per keyword and its helper calls over two lines (registry_modules.list).
labelledSet('held4', { alwaysCheck: false, minExpected: 370, floors: { recall: 0.94, wrongShare: 0.01 } });

// The eighth held-aside set (test/fixtures/history-held6), measured once by the lead at ef5b2f1
// (recall 84.9% (297/350), wrong 15 of 314) and a working set since: 89.1% (312/350), 15 wrong of 329 after go-tfe's
// ListOptions page fields; 92.0% (322/350), 15 wrong of 339 after go-tfe values typed elsewhere (go-types.ts).
labelledSet('held6', { alwaysCheck: false, minExpected: 350, floors: { recall: 0.97, wrongShare: 0.02 } });

// The seventh held-aside set (test/fixtures/history-held5), measured once at the end of issue 22's sixth session
// (recall 55.8% (77/138), wrong 6 of 83) and seen since: 65.9% (91/138), 1 wrong of 92 after a helper's default
// method and the run task context; 71.0% (98/138), 1 wrong of 99 after go-tfe values typed elsewhere; 72.5%
// (100/138) after go-tfe's RegistryModules.Read mapped; 73.9% (102/138) after a range over a slice declared by var and
// grown by append; 83.3% (115/138) after URLs held by a name that says the method.
labelledSet('held5', { alwaysCheck: false, minExpected: 130, floors: { recall: 0.98, wrongShare: 0.02 } });

// The ninth held-aside set (test/fixtures/history-held7), measured once by the lead at ffdac4d (recall 76.9%
// (237/308), wrong 6 of 244) and seen since: 85.1% (262/308), 6 wrong of 269 after go-tfe values typed elsewhere
// (go-types.ts: variables typed by a service call, a range over a list's Items, parameters, a program's struct
// fields) and the methods that only return another of their service (Workspaces.Read); 89.6% (276/308) after Go run
// task helpers that PATCH the callback URL they are passed; 90.3% (278/308) after go-tfe's RegistryModules.Read mapped.
// 91.2% (281/308) after shell method flags handed to a wrapper in an options string; 92.5% (285/308) after terrasnek's
// names per keyword and its 0.1.13 names.
labelledSet('held7', { alwaysCheck: false, minExpected: 300, floors: { recall: 0.97, wrongShare: 0.02 } });

// The tenth held-aside set (test/fixtures/history-held8, repositories whose owner's name starts with a to m),
// measured once by the lead at 3143e341 in issue 22's eighth session (recall 59.6% (59/99), wrong 12 of 75) and seen
// since: 62.6% (62/99), wrong 3 of 69 after a Go struct's named type gives its tags' names their resource; 70.7%
// (70/99), wrong 3 of 77 after scripts read by their shebang, here-documents and GitHub Actions step outputs; 77.8%
// (77/99) after Go run task helpers that PATCH the callback URL they are passed; 83.8% (83/99), wrong 1 of 86 after
// URLs on an unknown base read as the tail of a longer path (url-tails.ts); 84.8% (84/99), wrong 1 of 87 with jq
// reads of a request's response (jq-reads.ts); 89.9% (89/99), wrong 1 of 92 after Python URLs built in pieces (a base attribute joined
// by +, literals side by side, a path put at the end of the URL sent); 90.9% (90/99), wrong 1 of 93 after a command
// substitution inside double quotes read as code; 92.9% (92/99) after a struct named for one object's details
// (VariableSetDetail) is that object's model; 96.0% (95/99), wrong 1 of 98 after nested keys and shell bases.
labelledSet('held8', { alwaysCheck: false, minExpected: 95, floors: { recall: 0.95, wrongShare: 0.02 } });

// The eleventh held-aside set (test/fixtures/history-held9, owners n to z), measured once by the lead at 244ba372 in
// issue 22's eighth session (recall 72.6% (82/113), wrong 2 of 84) and seen since: 77.0% (87/113) after go-tfe query
// fields of lists the history has no entry for (TeamListOptions.Names, RunListOptions.Status); 82.3% (93/113), wrong 0 of 94
// after workflow request templates, shell strings spanning lines and jq reads (workflow-steps.ts, jq-reads.ts); 85.0%
// (96/113), wrong 0 of 97 after go-tfe services held by a parameter or a field (sets tfe.VariableSets, pools:
// client.AgentPools); 86.7% (98/113), wrong 0 of 99 after a constant opening a Python f-string (f"{_API_URL}runs") and Spring's getForObject;
// 92.9% (105/113), wrong 0 of 106 after terraform-enterprise-client's Ruby resource methods mapped.
labelledSet('held9', { alwaysCheck: false, minExpected: 110, floors: { recall: 0.98, wrongShare: 0.02 } });

// The twelfth held-aside set (test/fixtures/history-held10, owners a to m), measured once by the lead at 244ba372 with
// the eleventh (recall 90.2% (92/102), wrong 4 of 108) and seen since: 91.2% (93/102) after a plain variable
// assigned once joined to a literal by + (tfe_url_trunk + 'organizations'); 95.1% (97/102), wrong 0 of 109 after
// JSON bodies inside strings (a Postman request's escaped `type`) and a URL's segment lists; 97.1% (99/102), wrong 0
// of 111 after Jenkins' httpRequest step (GET without httpMode); 98.0% (100/102), wrong 0 of 112 with the scorer's
// line rule for a call over several lines (a label on the call's line, the report on its URL argument's).
labelledSet('held10', { alwaysCheck: false, minExpected: 100, floors: { recall: 0.99, wrongShare: 0.02 } });

// The thirteenth held-aside set (test/fixtures/history-held11, owners a to m, 22 repositories) and the fourteenth
// (test/fixtures/history-held12, owners n to z, 11 repositories, 112 of its 161 expected uses in one Rust client),
// built in issue 22's ninth session, measured once by the lead at 7860db3: held11 87.8% (86/98), wrong 3 of 92;
// held12 82.6% (133/161), wrong 2 of 135; together 84.6% (219/259), wrong 5 of 227 (2.2%). Seen since.
labelledSet('held11', { alwaysCheck: false, minExpected: 95, floors: { recall: 0.95, wrongShare: 0.02 } });
labelledSet('held12', { alwaysCheck: false, minExpected: 155, floors: { recall: 0.98, wrongShare: 0.02 } });
// The fifteenth (test/fixtures/history-held13, owners a to m, 42 files of 21 repositories) and the sixteenth
// (test/fixtures/history-held14, owners n to z, 35 files of 17 repositories), built in issue 22's tenth session,
// measured once by the lead at 9318343: held13 69.3% (70/101), wrong 9 of 79; held14 61.8% (63/102), wrong 3 of 67;
// together 65.5% (133/203), wrong 12 of 146 (8.2%). Seen since; the floors are that measurement, raised as gained
// (held13 wrong 1 of 71 after terrasnek's strings and release-dependent names, 87.1% with pyterprise's names, 90.1% with terrasnek's page keywords, 93.1% with python-tfe's service
// calls, i22g).
labelledSet('held13', { alwaysCheck: false, minExpected: 100, floors: { recall: 0.93, wrongShare: 0.02 } });
labelledSet('held14', { alwaysCheck: false, minExpected: 100, floors: { recall: 0.89, wrongShare: 0.02 } });
// The seventeenth (test/fixtures/history-held15, owners a to m, 47 files of 26 repositories) and the eighteenth
// (test/fixtures/history-held16, owners n to z, 17 files of 7 repositories), built in issue 22's eleventh session,
// measured once by the lead at ce26730: held15 75.9% (110/145), wrong 14 of 124; held16 86.5% (32/37), wrong 0 of 32;
// together 78.0% (142/182), wrong 14 of 156 (9.0%). Seen since; the floors are that measurement, raised as gained
// (held15 +10 with python-tfe's and pytfc's service calls, i22g; wrong 0 once a Go logging call's keys say nothing, i22s;
// held16 97.3% with tsanton/tfe-client's service calls, held15 +2 with terrasnek's filters, i22g; held15 +11 with a
// held project's ID, i22s).
labelledSet('held15', { alwaysCheck: false, minExpected: 145, floors: { recall: 0.95, wrongShare: 0.01 } });
labelledSet('held16', { alwaysCheck: false, minExpected: 37, floors: { recall: 0.97, wrongShare: 0.02 } });
// The nineteenth to twenty-first (test/fixtures/history-held17: owners 0-9 and a to c, 16 files of 7 repositories;
// history-held18: owners d to z, 44 files of 19 repositories; history-held19: any owner, new kinds of code, 29 files of
// 10 repositories), built in issue 22's twelfth session, measured once by the lead at dec9187 after every change of
// the session had landed: held17 80.4% (37/46), wrong 0 of 37; held18 78.0% (85/109), wrong 2 of 89; held19 70.9%
// (56/79), wrong 0 of 56; together 76.1% (178/234), wrong 2 of 182 (1.1%). Seen since; the floors are that measurement
// (held18 87.2% with URLs sent by a helper of the same text, helper-sends.ts, m2; held17 95.7% (44/46) with every
// command that sends a variable assigned a URL once, shell-flow.ts, f2).
labelledSet('held17', { alwaysCheck: false, minExpected: 46, floors: { recall: 0.95, wrongShare: 0.01 } });
// Session 25 relabelled held18's 11 and held20's 3 relationship linkages (`{"type": "projects", "id": …}` in a body
// POSTed to /varsets/{id}/relationships/projects, a workspace's or a run's relationship) from expected to must-not, by
// the settled rule (a relationship's type names a reference's target, not the payload's resource): held18 98 expected,
// held20 50.
labelledSet('held18', { alwaysCheck: false, minExpected: 98, floors: { recall: 0.9, wrongShare: 0.01 } });
labelledSet('held19', { alwaysCheck: false, minExpected: 79, floors: { recall: 0.92, wrongShare: 0.01 } });

// The twenty-second to twenty-fourth (test/fixtures/history-held20: programs through a client library and products with
// an integration inside, 16 files of 12 repositories; history-held21: programs building the requests themselves, 38
// files of 20 repositories; history-held22: hosts and glue, 32 files of 15 repositories), built in issue 22's thirteenth
// session, measured once by the lead at 4c287c5 after every change of the session's first round had landed: held20
// 84.9% (45/53), wrong 0 of 46; held21 72.3% (73/101), wrong 2 of 79; held22 83.6% (61/73), wrong 1 of 62; together
// 78.9% (179/227), wrong 3 of 187 (1.6%). Seen since; the floors are that measurement.
labelledSet('held20', { alwaysCheck: false, minExpected: 50, floors: { recall: 0.92, wrongShare: 0.01 } });
labelledSet('held21', { alwaysCheck: false, minExpected: 101, floors: { recall: 0.9, wrongShare: 0.02 } });
labelledSet('held22', { alwaysCheck: false, minExpected: 73, floors: { recall: 0.99, wrongShare: 0.02 } });

// The twenty-fifth to twenty-seventh (test/fixtures/history-held23: migration, backup and sync tools, workspace vending
// and run orchestration, 32 files of 15 repositories; history-held24: data out (reports, audit-trail shippers, agent
// skills, an MCP server) and workshops (Instruqt tracks, workshop chapters), 23 files of 10 repositories;
// history-held25: languages few sets had (Java, Rust, CUE), clients written outside Go and Python, and scripts inside
// larger repositories, 28 files of 16 repositories), built in issue 22's fourteenth session, measured once by the lead
// at fb68abde after every change of the session's first round had landed: held23 84.5% (60/71), wrong 0 of 61; held24
// 88.8% (71/80), wrong 1 of 72; held25 78.3% (65/83), wrong 3 of 68; together 83.8% (196/234), wrong 4 of 201 (2.0%).
// The same figures on main at the session's start (0c0d997). Seen since; the floors are that measurement.
labelledSet('held23', { alwaysCheck: false, minExpected: 71, floors: { recall: 0.88, wrongShare: 0.01 } });
labelledSet('held24', { alwaysCheck: false, minExpected: 80, floors: { recall: 0.95, wrongShare: 0.01 } });
labelledSet('held25', { alwaysCheck: false, minExpected: 83, floors: { recall: 0.89, wrongShare: 0.01 } });

// The twenty-eighth to thirtieth (test/fixtures/history-held26: code CI/CD systems run to drive the API (CircleCI orbs,
// Jenkinsfiles and a Jenkins shared library, GitHub Actions) and event-driven code and Terraform that calls the API
// itself, 25 files of 21 repositories; history-held27: self-service and governance, then editor, chat and terminal tools
// and programs on terrasnek, 15 files of 10 repositories; history-held28: admins of the platform itself and tools around
// Terraform, then large organizations' own infrastructure scripts, 37 files of 22 repositories), built in issue 22's
// fifteenth session, measured once by the lead at 03f38ef2 after every change of the session had landed: held26 78.4%
// (29/37), wrong 1 of 32; held27 78.7% (37/47), wrong 0 of 37; held28 93.8% (60/64), wrong 2 of 62; together 85.1%
// (126/148), wrong 3 of 131 (2.3%). The same figures on main at the session's start (730ef1ed). Seen since; the floors
// are that measurement (held26 raised since: 86.5%, wrong 0 of 34, by CircleCI placeholders read as one value, r1;
// held27 87.2%, wrong 0 of 41, by curl helpers built with format calls, r2; held28 100%, wrong 0 of 64, by a
// Jenkinsfile's `sh '''…''' + name + '''…'''` pieces read as one path, e1).
labelledSet('held26', { alwaysCheck: false, minExpected: 37, floors: { recall: 0.86, wrongShare: 0.03 } });
labelledSet('held27', { alwaysCheck: false, minExpected: 47, floors: { recall: 0.87, wrongShare: 0.01 } });
labelledSet('held28', { alwaysCheck: false, minExpected: 64, floors: { recall: 0.99, wrongShare: 0.02 } });

// The thirty-first to thirty-third (test/fixtures/history-held29: generic HTTP tooling and infrastructure code, run tasks
// calling Ansible Automation Platform, registry and drift GitHub Actions, then code of developers who do not write in
// English (Exastro's PHP and Python drivers, a run task server written in Japan), 14 files of 12 repositories;
// history-held30: a plan visualizer on go-tfe, a bootstrap's projects, variable sets and workspaces through terrasnek,
// install templates, 9 files of 6 repositories; history-held31: an audit-trail collector, inventory clients and run
// monitors, then products that embed a client (HashiCorp's Ansible collection on python-tfe, an identity-governance
// connector on go-tfe, a compliance platform's connector), 23 files of 12 repositories), built in issue 22's sixteenth
// session, measured once by the lead at 279658b1 after every change of the session had landed: held29 93.8% (60/64),
// wrong 2 of 62; held30 91.4% (32/35), wrong 1 of 34; held31 72.2% (52/72), wrong 0 of 52; together 84.2% (144/171),
// wrong 3 of 148 (2.0%). The same figures on main at the session's start (7170721e). Seen since; the floors are that
// measurement.
labelledSet('held29', { alwaysCheck: false, minExpected: 64, floors: { recall: 0.93, wrongShare: 0.04 } });
labelledSet('held30', { alwaysCheck: false, minExpected: 35, floors: { recall: 0.91, wrongShare: 0.03 } });
labelledSet('held31', { alwaysCheck: false, minExpected: 72, floors: { recall: 0.72, wrongShare: 0.01 } });

// The thirty-fourth to thirty-sixth (test/fixtures/history-held32: agent and assistant tooling, MCP servers, agent
// platforms' integrations, portals and dashboards, data pipelines, 23 files of 15 repositories; history-held33: a
// Kubernetes Cluster API provider on go-tfe, Lambdas, a Nomad job, then a Postman collection for mocks of a self-hosted
// Terraform Enterprise, a Makefile and shell-provider programs, 20 files of 7 repositories; history-held34: a Rust MCP
// server's own client, a Python tray app's client, a C# sample on Tfe.NetClient, 7 files of 3 repositories), built in
// issue 22's seventeenth session, measured once by the lead at 83cf7847 after every change of the session had landed:
// held32 84.9% (45/53), wrong 0 of 45; held33 73.5% (25/34), wrong 0 of 25; held34 66.0% (35/53), wrong 0 of 35;
// together 75.0% (105/140), wrong 0 of 105. The same figures on main at the session's start (76dfce88). 11 of the 35
// misses are relationship targets' types (`{"type": "workspaces", "id": …}` under `relationships`) that these builders
// labelled as uses of the resource, where held29/held30's builders labelled the same construct must-not: a labelling
// rule to settle (docs/history.md). Settled in the eighteenth session: a relationship's `type` names the target of a
// reference, not the payload's resource, so it is a must-not; the 13 such rows of these three sets (11 missed, 2
// reported) were relabelled so, and the same code (014ea4a9) then scores held32 93.8% (45/48), wrong 0 of 45; held33
// 78.1% (25/32), wrong 0 of 25; held34 70.2% (33/47), wrong 2 of 35 (the two relationship types reported, in C# and
// Rust); together 81.1% (103/127), wrong 2 of 105. Seen since; the floors are that measurement.
labelledSet('held32', { alwaysCheck: false, minExpected: 48, floors: { recall: 0.93, wrongShare: 0.01 } });
labelledSet('held33', { alwaysCheck: false, minExpected: 32, floors: { recall: 0.78, wrongShare: 0.01 } });
labelledSet('held34', { alwaysCheck: false, minExpected: 47, floors: { recall: 0.7, wrongShare: 0.06 } });

// The thirty-seventh to thirty-ninth (test/fixtures/history-held35: the languages the sets have least — a Rust
// connector, Java, C#, Deno, Sentinel policies' HTTP examples — then integrations inside large projects, 23 files of 8
// repositories; history-held36: parts of the API the sets have least — TFE's admin API, the private registry's
// providers, run tasks, agents, state and drift — in clients of Terraform Enterprise reimplementations and publishers,
// 23 files of 9 repositories; history-held37: kinds of program the sets have least — a server re-implementing the
// API, a bulk CLI, reporters, a Vault auth plugin, registry publishing scripts, 24 files of 9 repositories), built in
// issue 22's eighteenth session, measured once by the lead at 549fcafa after every change of the session had landed:
// held35 70.5% (31/44), wrong 0 of 31; held36 74.2% (49/66), wrong 0 of 49; held37 81.4% (57/70), wrong 1 of 58;
// together 76.1% (137/180), wrong 1 of 138. On main at the session's start (014ea4a9): 82.2% (148/180), wrong 1 of 149;
// the session lost 10 route registrations of a server re-implementing the API (a route rule for other servers, whose
// /api/v2 prefix is a router group's) and one dataclass field. Seen since; the floors are that measurement.
labelledSet('held35', { alwaysCheck: false, minExpected: 44, floors: { recall: 0.7, wrongShare: 0.01 } });
labelledSet('held36', { alwaysCheck: false, minExpected: 66, floors: { recall: 0.81, wrongShare: 0.01 } });
labelledSet('held37', { alwaysCheck: false, minExpected: 70, floors: { recall: 0.82, wrongShare: 0.01 } });

// The fortieth to forty-second (test/fixtures/history-held38: integrations that live in other tools — a web
// framework's CLI, a Roam extension scaffolder, a semantic-release plugin, a module-publishing CLI, a self-hosted
// registry server and its CLI, a security platform's engine and proxy router, 21 files of 7 repositories;
// history-held39: pipeline glue outside bash and Python — PowerShell scripts, a Go state source on net/http, a deploy
// script, docs-as-code self-service actions and catalog mappings, a GitHub Action, a Puppet web UI's integration, 16
// files of 7; history-held40: migration, governance and reporting around workspaces and state, mostly Go programs on
// go-tfe, 28 files of 10), built in issue 22's nineteenth session, measured once by the lead at 7cda8aaa after every
// change of the session had landed: held38 60.7% (37/61), wrong 2 of 39; held39 85.0% (51/60), wrong 5 of 58; held40
// 92.3% (48/52), wrong 1 of 49; together 78.6% (136/173), wrong 8 of 146. The code at the session's start (ca870116)
// gives exactly the same. Seen since; the floors are that measurement.
labelledSet('held38', { alwaysCheck: false, minExpected: 61, floors: { recall: 0.95, wrongShare: 0.02 } });
labelledSet('held39', { alwaysCheck: false, minExpected: 60, floors: { recall: 0.85, wrongShare: 0.01 } });
labelledSet('held40', { alwaysCheck: false, minExpected: 52, floors: { recall: 0.92, wrongShare: 0.01 } });
// Floors of held36 to held40 raised in issue 22's twentieth session to what main gives after it (held36 81.8%,
// held37 82.9% with no wrong report, held38 95.1% with 1 wrong of 59, held39 and held40 with none wrong).

// The forty-third to forty-sixth (test/fixtures/history-held41: tests, fakes and recorded traffic of the API — Go
// httptest handlers, Python and TypeScript test doubles, Rust clients' tests, fixtures — 27 files of 9 repositories;
// history-held42: config-shaped and task-runner code — GitHub Actions workflows, Jenkinsfiles, shell run by make,
// an http data source — 19 files of 12; history-held43: code that manages the platform through its Terraform
// provider — HCL on the tfe provider, a CDK for Terraform stack — 49 files of 19; history-held44: application code with
// its own HTTP layer, 9 files of 2, small because the index held almost nothing unused), built in issue 22's twentieth
// session, measured once by the lead at b5a104dc after every change of the session had landed: held41 67.9% (55/81),
// wrong 1 of 56; held42 100% (32/32), wrong 3 of 35; held43 39.5% (51/129), wrong 0 of 51; held44 100% (5/5), wrong 1
// of 6; together 57.9% (143/247), wrong 5 of 148. The code at the session's start (fdb089a9) finds the same 143, with 7
// wrong of 150. Seen since; the floors are that measurement.
labelledSet('held41', { alwaysCheck: false, minExpected: 81, floors: { recall: 0.79, wrongShare: 0.01 } });
labelledSet('held42', { alwaysCheck: false, minExpected: 32, floors: { recall: 1, wrongShare: 0.06 } });
labelledSet('held43', { alwaysCheck: false, minExpected: 129, floors: { recall: 0.96, wrongShare: 0.01 } });
labelledSet('held44', { alwaysCheck: false, minExpected: 5, floors: { recall: 1, wrongShare: 0.17 } });
// Floors of held41 to held43 raised in issue 22's twenty-first session to what main gives after it (held41 79.0% with
// no wrong report of 64, held42 2 wrong of 34, held43 96.1% with none wrong of 124).

// The forty-seventh to fiftieth (test/fixtures/history-held45: the platform through its Terraform provider — HCL
// modules and root configurations on the tfe provider — 35 files of 12 repositories; history-held46: tests and fakes —
// Python clients' tests that mock the transport or the client, and Terraform's own tests of tfe modules
// (`.tftest.hcl`) — 19 files of 5; history-held47: automation without a programming language around it — shell with
// curl and jq, an Ansible `uri:` task, PowerShell — 24 files of 10; history-held48: languages the other sets hold
// little of — a Ruby provider on Faraday with its VCR recording, a PHP client on Guzzle, a Foreman decoy — 20 files of
// 3), built in issue 22's twenty-first session, measured once by the lead at 3b0810c1 after every change of the
// session had landed: held45 97.4% (75/77), wrong 0 of 76; held46 50.0% (42/84), wrong 0 of 42; held47 97.6% (41/42),
// wrong 0 of 41; held48 78.6% (55/70), wrong 1 of 56; together 78.0% (213/273), wrong 1 of 215 (0.5%). The code at
// the session's start (90ec50ea) finds 152 of 273 (55.7%), wrong 1 of 154. Seen since; the floors are that measurement.
labelledSet('held45', { alwaysCheck: false, minExpected: 77, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held46', { alwaysCheck: false, minExpected: 84, floors: { recall: 0.96, wrongShare: 0.01 } });
labelledSet('held47', { alwaysCheck: false, minExpected: 42, floors: { recall: 0.97, wrongShare: 0.01 } });
labelledSet('held48', { alwaysCheck: false, minExpected: 70, floors: { recall: 0.94, wrongShare: 0.01 } });
// Floors of held45, held46 and held48 raised in issue 22's twenty-second session to what main gives after it (held45
// 77 of 77; held46 89.3%, 75 of 84: Terraform's own tests and a Python client's own methods; held48 no wrong report).
// held48's raised in issue 22's twenty-ninth session (e4: a VCR cassette's `method: get` and the JSON in its
// single-quoted bodies read whole): 66 of 70, wrong 0 of 93 (the workspace's `current-configuration-version`
// relationship in the recorded answer is no longer taken for the `?include=` value `current_configuration_version`).
// held46's raised then too (e4: a path written from the API version on, `v2/organizations/…` under a base ending
// with `/api/`): 81 of 84, wrong 0.

// The fifty-first to fifty-fourth (test/fixtures/history-held49: the tfe provider's less common resources and
// Terraform's own tests of that code — 30 files of 11 repositories, HCL only; history-held50: programs in
// general-purpose languages — Go on go-tfe, a TypeScript client, a Dart app with its JSON models, Python on requests —
// 20 files of 9; history-held51: automation, documentation and release tools — shell with curl and jq, agent-skill
// runbooks, a Go release tool, Python — 15 files of 5; history-held52: workspace factories, the provider driven by
// data — HCL, tfvars, module inputs — 34 files of 13), built in issue 22's twenty-second session, measured once by
// the lead at 5f5f089b after every change of the session had landed (the HCL parser loaded, as every host does):
// held49 84.0% (63/75), wrong 5 of 68; held50 87.0% (161/185), wrong 11 of 172; held51 88.5% (46/52), wrong 7 of 53;
// held52 82.5% (66/80), wrong 0 of 68; together 85.7% (336/392), wrong 23 of 361 (6.4%). The code at the session's
// start (2a000eb2) finds 335 of 392 (85.5%), wrong 23 of 360. Seen since; the floors are that measurement.
labelledSet('held49', { alwaysCheck: false, minExpected: 75, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held50', { alwaysCheck: false, minExpected: 185, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held51', { alwaysCheck: false, minExpected: 52, floors: { recall: 0.98, wrongShare: 0.01 } });
labelledSet('held52', { alwaysCheck: false, minExpected: 80, floors: { recall: 0.88, wrongShare: 0.01 } });
// Floors of held49 to held52 raised in issue 22's twenty-third session to what main gives after it (held49 75 of 75,
// held50 185 of 185, held51 51 of 52, held52 71 of 80; no wrong report on any of them).

// The fifty-fifth to fifty-eighth (test/fixtures/history-held53: the tfe provider at the organisation level — teams and
// their grants, policy sets, run tasks, agent pools, variable sets, notifications — 36 files of 15 repositories, HCL and
// tfvars; history-held54: applications with their own HTTP layer — a Python Lambda driver, a Python MCP server and
// reviewer, a Python bootstrapper, a Java OpenFeign demo — 9 files of 4; history-held55: automation and documentation —
// an operator's PowerShell module, PowerShell run by Actions, shell, runbooks, Python — 22 files of 10;
// history-held56: programs on community client libraries and more tfe-provider configurations — 28 files of 17),
// built in issue 22's twenty-third session, measured once by the lead at cea61ef4 after every change of the session
// had landed (the HCL parser loaded): held53 96.7% (87/90), wrong 0 of 87; held54 82.7% (43/52), wrong 4 of 47; held55
// 93.8% (60/64), wrong 1 of 61; held56 92.1% (58/63), wrong 0 of 58; together 92.2% (248/269), wrong 5 of 253 (2.0%).
// The code at the session's start (0149a36a) finds 247 of 269 (91.8%), wrong 5 of 252. Seen since; the floors are that
// measurement.
labelledSet('held53', { alwaysCheck: false, minExpected: 90, floors: { recall: 0.96, wrongShare: 0.01 } });
labelledSet('held54', { alwaysCheck: false, minExpected: 52, floors: { recall: 0.88, wrongShare: 0.03 } });
labelledSet('held55', { alwaysCheck: false, minExpected: 64, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held56', { alwaysCheck: false, minExpected: 63, floors: { recall: 0.93, wrongShare: 0.01 } });
// Floors of held54 to held56 raised in issue 22's twenty-fourth session to what main gives after it (held54 46 of 52,
// wrong 4 of 50; held55 64 of 64; held56 59 of 63; no wrong report on held55 or held56). held54's wrong share lowered
// in the twenty-ninth session (e4: a project's operation called inside a URL's placeholder is no use of it): wrong 1 of 47.

// The fifty-ninth to sixty-second (test/fixtures/history-held57: the tfe provider and the values that reach it — 29
// files of 18 repositories, HCL and one Python script; history-held58: applications with their own HTTP layer — a Go
// CLI on net/http with its own JSON:API models, an Express portal — and tfe-provider configurations, 55 files of 20;
// history-held59: automation and documentation — shell, workflows, Ansible, PowerShell, runbooks — 37 files of 13;
// history-held60: a TypeScript client library, operator manifests, go-tfe and tfe-provider configurations, 38 files of
// 20), built in issue 22's twenty-fourth session, measured once by the lead at 3e8f14b8 after every change of the
// session had landed (the HCL parser loaded): held57 94.2% (81/86), wrong 2 of 85; held58 93.9% (124/132), wrong 2 of
// 128; held59 94.1% (48/51), wrong 0 of 48; held60 87.7% (64/73), wrong 0 of 64; together 92.7% (317/342), wrong 4 of
// 325 (1.2%). The code at the session's start (3aaf250b) finds the same 317, wrong 4 of 325. Seen since; floors raised
// in issue 22's twenty-fifth session to what main gives after it (all 342 found; wrong 1 of 135 on held58, 0 elsewhere).
labelledSet('held57', { alwaysCheck: false, minExpected: 86, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held58', { alwaysCheck: false, minExpected: 132, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held59', { alwaysCheck: false, minExpected: 51, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held60', { alwaysCheck: false, minExpected: 73, floors: { recall: 1, wrongShare: 0.01 } });
// The sixty-third to sixty-eighth (test/fixtures/history-held61: the tfe provider found by name — HCL, an OpenTofu test,
// Terragrunt — 29 files of 18 repositories; history-held62: PowerShell on the API, 8 files of 2; history-held63: Ansible
// and tfe-provider configurations, 14 files of 4; history-held64, history-held65 and history-held66: tfe-provider
// configurations, most left out by sets before held43, 24 files of 17, 30 of 20 and 14 of 12), clean: labelled from the
// code alone, never run through the matcher before the lead measured them once at 307b3c90 (issue 22's twenty-fifth
// session, after every change of the session, the HCL parser loaded): held61 97.3% (145/149), wrong 0 of 147; held62
// 4/4; held63 34/34; held64 97.5% (79/81), wrong 0 of 79; held65 71/71, wrong 0 of 72; held66 73/73; together 98.5%
// (406/412), wrong 0 of 409. Seen since; the floors are that measurement, held61's raised when an enumerated
// argument's values reached through locals and for_each (`access = each.key` over `tfe_team.team` over a locals set)
// gave it 149/149, wrong 0 of 151, and held64's when the provider's project notification configurations and its
// tfe_projects data source were mapped to their resources gave it 81/81, wrong 0 of 81 (2026-12-04).
labelledSet('held61', { alwaysCheck: false, minExpected: 149, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held62', { alwaysCheck: false, minExpected: 4, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held63', { alwaysCheck: false, minExpected: 34, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held64', { alwaysCheck: false, minExpected: 81, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held65', { alwaysCheck: false, minExpected: 71, floors: { recall: 1, wrongShare: 0.01 } });
labelledSet('held66', { alwaysCheck: false, minExpected: 73, floors: { recall: 1, wrongShare: 0.01 } });
// The sixty-ninth (test/fixtures/history-held67: tfe-provider modules whose input variables hold team-project access
// levels, a default or a validation's list, handed to tfe_team_project_access.access, and the same levels where they do
// not reach it: workspace grants, custom permission blocks, descriptions; 16 files of 4 repositories none of the earlier
// sets or READMEs names), clean: labelled from the code alone by a builder who never ran keyfob on it, measured once by
// the lead at 4e08248f (issue 22, 2026-12-04's third session, the HCL parser loaded): 44/44, wrong 0 of 46 (the
// defaults' and validations' 6 of 6, none of the 72 must-not rows of the same level strings reported).
labelledSet('held67', { alwaysCheck: false, minExpected: 44, floors: { recall: 1, wrongShare: 0.01 } });

/** Parts that name something else: history-real's parts (real-clients.test.ts), history-new (new-clients.test.ts), the sets above. */
const OTHER = new Set([
  'working',
  'held-aside',
  'all',
  'new',
  'held',
  'held2',
  'held3',
  'held4',
  'held5',
  'held6',
  'held7',
  'held8',
  'held9',
  'held10',
  'held11',
  'held12',
  'held13',
  'held14',
  'held15',
  'held16',
  'held17',
  'held18',
  'held19',
  'held20',
  'held21',
  'held22',
  'held23',
  'held24',
  'held25',
  'held26',
  'held27',
  'held28',
  'held29',
  'held30',
  'held31',
  'held32',
  'held33',
  'held34',
  'held35',
  'held36',
  'held37',
  'held38',
  'held39',
  'held40',
  'held41',
  'held42',
  'held43',
  'held44',
  'held45',
  'held46',
  'held47',
  'held48',
  'held49',
  'held50',
  'held51',
  'held52',
  'held53',
  'held54',
  'held55',
  'held56',
  'held57',
  'held58',
  'held59',
  'held60',
  'held61',
  'held62',
  'held63',
  'held64',
  'held65',
  'held66',
  'held67',
]);
const name = process.env['KEYFOB_HISTORY_PART'];
if (name !== undefined && name !== '' && !OTHER.has(name)) {
  assert.match(
    name,
    /^[a-z0-9][a-z0-9-]{0,40}$/,
    `KEYFOB_HISTORY_PART="${name}": a set name such as held2 (test/fixtures/history-held2)`,
  );
  labelledSet(name, { alwaysCheck: false, minExpected: 1 });
}
