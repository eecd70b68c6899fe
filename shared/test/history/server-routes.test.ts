// Routes of servers (shared/src/history/server-routes.ts): a route registered on a router whose prefix makes its
// full path `/api/v2/…` is a route of a server implementing this API, read as that endpoint with the method its
// registration names; the same servers under another prefix are other servers, and stay silent. Snippets written for
// these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanProject, scanText } from '@keyfob/shared/history';

const endpoints = (lines: readonly string[], fileName: string): string[] =>
  scanText(lines.join('\n'), { fileName })
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}`);

/** The same server with its prefix replaced (`/api/v2` → `/api/v1`, `/v2`, `/internal`): it must say nothing. */
function decoys(lines: readonly string[], fileName: string, prefix: string | RegExp = '/api/v2'): void {
  for (const other of ['/api/v1', '/v2', '/internal']) {
    const moved = lines.map((l) => l.replace(prefix, other));
    assert.deepEqual(endpoints(moved, fileName), [], `${fileName} under ${other}`);
  }
}

describe('routes of a server implementing this API: Go routers', () => {
  it('gin/echo groups, nested too: the registration’s word is the method; Any says none', () => {
    const server = [
      'func routes(r *gin.Engine) {',
      '\tapi := r.Group("/api")',
      '\tv2 := api.Group("/v2")',
      '\t{',
      '\t\tv2.GET("/organizations/:org/projects", listProjects)',
      '\t\tv2.POST("/organizations/:org/projects", createProject)',
      '\t\tv2.PATCH("/projects/:id", updateProject)',
      '\t\tv2.DELETE("/projects/:id", deleteProject)',
      '\t\tv2.Any("/varsets/:id", varsetAnyMethod)',
      '\t}',
      '}',
    ];
    assert.deepEqual(endpoints(server, 'server/routes.go'), [
      '5 endpoint GET /organizations/:organization_name/projects',
      '6 endpoint POST /organizations/:organization_name/projects',
      '7 endpoint PATCH /projects/:project_id',
      '8 endpoint DELETE /projects/:project_id',
    ]);
    decoys(server, 'server/routes.go', '"/api")');
    const echo = ['e := echo.New()', 'g := e.Group("/api/v2")', 'g.PATCH("/varsets/:id", updateVarset)'];
    assert.deepEqual(endpoints(echo, 'main.go'), ['3 endpoint PATCH /varsets/:varset_id']);
    decoys(echo, 'main.go');
  });

  it('chi’s r.Route("/api/v2", func(r chi.Router) { … }) and gorilla’s PathPrefix(…).Subrouter() with .Methods', () => {
    const chi = [
      'import "github.com/acme/tfe-lite/store"',
      'r := chi.NewRouter()',
      'r.Route("/api/v2", func(r chi.Router) {',
      '\tr.Get("/projects/{id}", showProject)',
      '\tr.Delete("/projects/{id}", deleteProject)',
      '})',
    ];
    assert.deepEqual(endpoints(chi, 'router.go'), [
      '4 endpoint GET /projects/:project_id',
      '5 endpoint DELETE /projects/:project_id',
    ]);
    decoys(chi, 'router.go');
    const gorilla = [
      'router := mux.NewRouter()',
      's := router.PathPrefix("/api/v2").Subrouter()',
      's.HandleFunc("/projects/{id}", h.UpdateProject).Methods(http.MethodPatch)',
      's.HandleFunc("/organizations/{org}/projects", h.CreateProject).Methods("POST")',
      's.HandleFunc("/varsets/{id}", h.Varset)',
      's.HandleFunc("/organizations/{org}/workspaces", h.ListWorkspaces).Methods("GET")',
    ];
    assert.deepEqual(endpoints(gorilla, 'api/router.go'), [
      '3 endpoint PATCH /projects/:project_id',
      '4 endpoint POST /organizations/:organization_name/projects',
      '6 endpoint GET /organizations/:organization_name/workspaces',
    ]);
    decoys(gorilla, 'api/router.go');
  });

  it('routes registered through middleware: chi’s r.With(mw).Post( and r.Group(func(r chi.Router) {, gin/echo groups with middleware', () => {
    const chi = [
      'import "github.com/acme/tfe-lite/store"',
      'func (s *Server) Routes(root *chi.Mux) {',
      '\troot.Route("/api", func(r chi.Router) {',
      '\t\tr.Use(s.Authenticate)',
      '\t\tr.With(s.CheckOrg).Post("/v2/organizations/{org}/registry-modules", s.createModule)',
      '\t\tr.With(s.CheckOrg, s.Audit).Delete("/v2/organizations/{org}/registry-providers/{reg}/{ns}/{name}", s.dropProvider)',
      '\t\tr.With(s.CheckOrg).Group(func(g chi.Router) {',
      '\t\t\tg.Patch("/v2/varsets/{id}", s.updateVarset)',
      '\t\t})',
      '\t})',
      '}',
    ];
    assert.deepEqual(endpoints(chi, 'internal/server/routes.go'), [
      '5 endpoint POST /organizations/:organization_name/registry-modules',
      '6 endpoint DELETE /organizations/:organization_name/registry-providers/:registry_name/:namespace/:name',
      '8 endpoint PATCH /varsets/:varset_id',
    ]);
    decoys(chi, 'internal/server/routes.go', '"/api"');
    const gin = [
      'import "github.com/acme/tfe-lite/store"',
      'func main() {',
      '\tr := gin.Default()',
      '\tv2 := r.Group("/api").Group("/v2")',
      '\tv2.PATCH("/varsets/:id", updateVarset)',
      '\tadmin := r.Group("/api/v2", auth.Required(), audit.Log())',
      '\tadmin.DELETE("/projects/:id", deleteProject)',
      '\tr.Group("/api/v2").Use(limit.Rate(10)).DELETE("/varsets/:id", deleteVarset)',
      '\te := echo.New()',
      '\tg := e.Group("/api/v2", middleware.JWT([]byte(secret)))',
      '\tg.GET("/projects/:id/varsets", listProjectVarsets)',
      '}',
    ];
    assert.deepEqual(endpoints(gin, 'cmd/server/main.go'), [
      '5 endpoint PATCH /varsets/:varset_id',
      '7 endpoint DELETE /projects/:project_id',
      '8 endpoint DELETE /varsets/:varset_id',
      '11 endpoint GET /projects/:project_id/varsets',
    ]);
    decoys(gin, 'cmd/server/main.go', '/api');
    // Express's router.use(mw) returns the router; ASP.NET's group builders (RequireAuthorization()) return the group.
    const express = [
      'const v2 = express.Router();',
      "v2.use(requireToken).patch('/varsets/:id', updateVarset);",
      "app.use('/api/v2', v2);",
    ];
    assert.deepEqual(endpoints(express, 'server.js'), ['2 endpoint PATCH /varsets/:varset_id']);
    decoys(express, 'server.js');
    const minimal = [
      'var app = builder.Build();',
      'app.MapGroup("/api/v2").RequireAuthorization().MapDelete("/varsets/{id}", (string id) => Results.NoContent());',
      'var v2 = app.MapGroup("/api/v2").WithTags("tfe");',
      'v2.MapPatch("/varsets/{id}", (string id) => Results.Ok());',
    ];
    assert.deepEqual(endpoints(minimal, 'Program.cs'), [
      '2 endpoint DELETE /varsets/:varset_id',
      '4 endpoint PATCH /varsets/:varset_id',
    ]);
    decoys(minimal, 'Program.cs');
  });

  it('the private registry’s own root: /registry/… under a router’s /api is /api/registry/…; under another prefix, silent', () => {
    const chi = [
      'func (s *Server) Routes(root *chi.Mux) {',
      '\troot.Route("/api", func(r chi.Router) {',
      '\t\tr.Get("/registry/{registry}/v2/gpg-keys", s.listKeys)',
      '\t\tr.With(s.Owner).Patch("/registry/{registry}/v2/gpg-keys/{ns}/{key}", s.updateKey)',
      '\t})',
      '}',
    ];
    assert.deepEqual(endpoints(chi, 'internal/server/keys.go'), [
      '3 endpoint GET /api/registry/:registry_name/v2/gpg-keys',
      '4 endpoint PATCH /api/registry/:registry_name/v2/gpg-keys/:namespace/:key_id',
    ]);
    decoys(chi, 'internal/server/keys.go', '"/api"');
    // The same literals on a router without that root, or in a client's call, are no route of this API's.
    const other = ['r := chi.NewRouter()', 'r.Get("/registry/{registry}/v2/gpg-keys", listKeys)'];
    assert.deepEqual(endpoints(other, 'main.go'), []);
  });

  it('a router handed in as a parameter has no prefix the file shows: its routes stay silent', () => {
    const routes = [
      'func (r *Router) registerProjects(api *mux.Router) {',
      '\tapi.HandleFunc("/projects/{id}", r.h.Delete).Methods("DELETE")',
      '}',
    ];
    assert.deepEqual(endpoints(routes, 'router/projects.go'), []);
  });
});

describe('routes of a server implementing this API: JavaScript, Python', () => {
  it('Express: a router mounted by app.use("/api/v2", router), handlers named or inline, a route chain', () => {
    const server = [
      "const express = require('express');",
      'const app = express();',
      'const router = express.Router();',
      "router.get('/organizations/:org/projects', listProjects);",
      "router.patch('/projects/:id', (req, res) => res.json(update(req.params.id)));",
      'router',
      "  .route('/varsets/:id')",
      '  .get(showVarset)',
      '  .delete(removeVarset);',
      "app.use('/api/v2', router);",
    ];
    assert.deepEqual(endpoints(server, 'server.js'), [
      '4 endpoint GET /organizations/:organization_name/projects',
      '5 endpoint PATCH /projects/:project_id',
      '7 endpoint GET /varsets/:varset_id',
      '7 endpoint DELETE /varsets/:varset_id',
    ]);
    decoys(server, 'server.js');
  });

  it('FastAPI: APIRouter(prefix=…) and include_router(…, prefix=…); Flask: Blueprint(url_prefix=…), methods, GET by default', () => {
    const fastapi = [
      'from tfe_lite.store import projects',
      'app = FastAPI()',
      'router = APIRouter(prefix="/v2")',
      '',
      '@router.delete("/projects/{project_id}")',
      'def delete_project(project_id: str):',
      '    return None',
      '',
      'app.include_router(router, prefix="/api")',
    ];
    assert.deepEqual(endpoints(fastapi, 'app/main.py'), ['5 endpoint DELETE /projects/:project_id']);
    decoys(fastapi, 'app/main.py', 'prefix="/api"');
    const flask = [
      'bp = Blueprint("tfe", __name__, url_prefix="/api/v2")',
      '',
      '@bp.route("/projects/<project_id>", methods=["PATCH"])',
      'def update_project(project_id):',
      '    return {}',
      '',
      '@bp.route("/organizations/<org>/projects")',
      'def list_projects(org):',
      '    return []',
      '',
      '@bp.route("/organizations/<org>/varsets", methods=["POST"])',
      'def create_varset(org):',
      '    return {}',
    ];
    assert.deepEqual(endpoints(flask, 'tfe/views.py'), [
      '3 endpoint PATCH /projects/:project_id',
      '7 endpoint GET /organizations/:organization_name/projects',
      '11 endpoint POST /organizations/:organization_name/varsets',
    ]);
    decoys(flask, 'tfe/views.py');
    // Flask's add_url_rule: methods=[…], GET by default, none said for a class's view (its methods are its class's).
    const rules = [
      'api = Blueprint("tfe", __name__, url_prefix="/api/v2")',
      'def project(project_id):',
      '    return {}',
      'api.add_url_rule("/varsets/<varset_id>", view_func=update_varset, methods=["PATCH"])',
      'api.add_url_rule("/projects/<project_id>/tag-bindings", "bindings", tag_bindings, methods=["PATCH"])',
      'api.add_url_rule("/projects/<project_id>", view_func=ProjectView.as_view("project"))',
      'project_view = ProjectView.as_view("project")',
      'api.add_url_rule("/projects/<project_id>", view_func=project_view)',
      'api.add_url_rule("/projects/<project_id>", view_func=project)',
    ];
    assert.deepEqual(endpoints(rules, 'tfe/urls.py'), [
      '4 endpoint PATCH /varsets/:varset_id',
      '5 endpoint PATCH /projects/:project_id/tag-bindings',
      '9 endpoint GET /projects/:project_id',
    ]);
    decoys(rules, 'tfe/urls.py');
    // Many registrations of a function the text defines and of a name holding a class's view: each view's definition
    // looked for once a name (`functionView`), each registration its own answer.
    const many = [
      'api = Blueprint("tfe", __name__, url_prefix="/api/v2")',
      'def project(project_id):',
      '    return {}',
    ];
    many.push('project_view = ProjectView.as_view("project")');
    for (let k = 0; k < 100; k++)
      many.push(
        'api.add_url_rule("/projects/<project_id>", view_func=project)',
        'api.add_url_rule("/projects/<project_id>", view_func=project_view)',
      );
    assert.deepEqual(
      endpoints(many, 'tfe/urls.py'),
      Array.from({ length: 100 }, (_, k) => `${5 + 2 * k} endpoint GET /projects/:project_id`),
    );
  });

  it('a client’s calls on its base are no routes: an axios instance on /api/v2 still sends its paths', () => {
    const client = [
      "const api = axios.create({ baseURL: 'https://app.terraform.io/api/v2' });",
      'export const removeProject = (id) => api.delete(`/projects/${id}`);',
    ];
    assert.deepEqual(endpoints(client, 'client.js'), ['2 endpoint DELETE /projects/:project_id']);
  });
});

describe('routes of a server implementing this API: PHP', () => {
  it('Laravel’s Route:: facade and Slim’s or Lumen’s verbs with a handler are routes; Guzzle’s verbs send', () => {
    // Another product's server: its routes say nothing, relative in a prefixed group or written whole.
    const laravel = [
      '<?php',
      'use Illuminate\\Support\\Facades\\Route;',
      'use App\\Http\\Controllers\\ProjectController;',
      '',
      "Route::prefix('api/v2')->middleware('auth:sanctum')->group(function () {",
      "    Route::get('/projects/{project}', [ProjectController::class, 'show']);",
      "    Route::delete('/projects/{project}', [ProjectController::class, 'destroy']);",
      "    Route::get('/organizations/{org}/projects', [ProjectController::class, 'index']);",
      '});',
    ];
    assert.deepEqual(endpoints(laravel, 'api.php'), []);
    const slim = [
      '<?php',
      '$app = AppFactory::create();',
      "$app->get('/api/v2/projects/{id}', function ($request, $response, $args) { return $response; });",
      "$app->delete('/api/v2/projects/{id}', function ($request, $response, $args) { return $response->withStatus(204); });",
      "$router->patch('/api/v2/tasks/{id}', 'TaskController@update');",
      '$app->run();',
    ];
    assert.deepEqual(endpoints(slim, 'index.php'), []);
    // A stand-in of this API (it checks the token the tool sends as TFE_TOKEN): its routes are this API's endpoints.
    const fake = [
      '<?php',
      "$token = getenv('TFE_TOKEN');",
      '$app = AppFactory::create();',
      "$app->get('/api/v2/organizations/{org}/workspaces', function ($request, $response, $args) {",
      '    return $response;',
      '});',
      "$app->delete('/api/v2/projects/{id}', fn ($request, $response) => $response->withStatus(204));",
    ];
    assert.deepEqual(endpoints(fake, 'fake_tfe.php'), [
      '4 endpoint GET /organizations/:organization_name/workspaces',
      '7 endpoint DELETE /projects/:project_id',
    ]);
    // A client's calls: Guzzle's verbs take options, not a handler.
    const guzzle = [
      '<?php',
      "$client = new GuzzleHttp\\Client(['base_uri' => 'https://app.terraform.io/']);",
      '$client->delete("/api/v2/projects/{$id}", [\'headers\' => $headers]);',
    ];
    assert.deepEqual(endpoints(guzzle, 'client.php'), ['3 endpoint DELETE /projects/:project_id']);
  });
});

describe('routes of a server implementing this API: controller classes', () => {
  it('Spring: the class’s @RequestMapping("/api/v2") over its methods’ mappings', () => {
    const controller = [
      'package io.example.tfe.mock;',
      '',
      '@RestController',
      '@RequestMapping(value = "/api/v2", produces = "application/vnd.api+json")',
      'public class ProjectController {',
      '    @GetMapping("/projects/{id}")',
      '    public Project show(@PathVariable String id) { return null; }',
      '',
      '    @RequestMapping(value = "/projects/{id}", method = RequestMethod.DELETE)',
      '    public void delete(@PathVariable String id) { }',
      '}',
    ];
    assert.deepEqual(endpoints(controller, 'ProjectController.java'), [
      '6 endpoint GET /projects/:project_id',
      '9 endpoint DELETE /projects/:project_id',
    ]);
    decoys(controller, 'ProjectController.java');
    // JSON:API's media type is no name of this API: any JSON:API service on /api/v2 produces it.
    const own = controller.map((l) => l.replace('io.example.tfe.mock', 'io.example.tracker'));
    assert.deepEqual(endpoints(own, 'ProjectController.java'), []);
  });

  it('ASP.NET: [Route("api/v2/[controller]")] on the controller, templates that hold no path, [HttpPatch] beside [Route]', () => {
    const controller = [
      'namespace TfeMock.Controllers;',
      '',
      '[ApiController]',
      '[Route("api/v2/[controller]")]',
      '[Produces("application/vnd.api+json")]',
      'public class ProjectsController : ControllerBase',
      '{',
      '    [HttpGet("{id}")]',
      '    public IActionResult Show(string id) => Ok();',
      '',
      '    [HttpPatch]',
      '    [Route("{id}")]',
      '    public IActionResult Update(string id) => Ok();',
      '}',
    ];
    assert.deepEqual(endpoints(controller, 'Controllers/ProjectsController.cs'), [
      '8 endpoint GET /projects/:project_id',
      '12 endpoint PATCH /projects/:project_id',
    ]);
    const own = controller.map((l) => l.replace('TfeMock', 'Tracker'));
    assert.deepEqual(endpoints(own, 'Controllers/ProjectsController.cs'), []);
    decoys(controller, 'Controllers/ProjectsController.cs', 'api/v2');
  });

  it('ASP.NET: each verb takes the [Route] of its own attribute block, over hundreds of actions (searches kept, not rerun)', () => {
    // Each match is at its `[Route]`'s literal. A verb's `[Route]` above or below it, or none (`[HttpGet]` whose nearest `[Route]`s are other members'): the
    // searches for both are kept across the actions (`NextMatch`), and each action must still read its own block.
    const action = (k: number): string[] => [
      '    [HttpPatch]',
      '    [Route("{id}")]',
      `    public IActionResult Update${k}(string id) => Ok();`,
      '    [HttpGet]',
      `    public IActionResult Show${k}(string id) => Ok();`,
      '    [Route("{id}")]',
      '    [HttpDelete]',
      `    public IActionResult Drop${k}(string id) => Ok();`,
    ];
    const head = ['namespace TfeMock.Controllers;', '[ApiController]', '[Route("api/v2/[controller]")]'];
    const controller = [...head, 'public class ProjectsController : ControllerBase', '{'];
    for (let k = 0; k < 300; k++) controller.push(...action(k));
    controller.push('}');
    const expected: string[] = [];
    for (let k = 0; k < 300; k++)
      expected.push(
        `${7 + 8 * k} endpoint PATCH /projects/:project_id`,
        `${11 + 8 * k} endpoint DELETE /projects/:project_id`,
      );
    assert.deepEqual(endpoints(controller, 'Controllers/ProjectsController.cs'), expected);
  });

  it('another product’s own v2 API (the commonest version prefix) is not this one: shared path words say nothing', () => {
    const servers: [string, string[]][] = [
      [
        'tracker/main.go',
        [
          'import "example.com/tracker/handlers"',
          'func main() {',
          '\tr := gin.Default()',
          '\tv2 := r.Group("/api/v2")',
          '\tv2.GET("/projects/:id", handlers.ShowProject)',
          '\tv2.PATCH("/projects/:id", handlers.UpdateProject)',
          '\tv2.DELETE("/projects/:id", handlers.DeleteProject)',
          '\tv2.GET("/organizations/:name/teams", handlers.ListTeams)',
          '\tv2.POST("/runs", handlers.StartPipelineRun)',
          '}',
        ],
      ],
      [
        'wiki/server.js',
        [
          'const app = express();',
          'const router = express.Router();',
          "router.get('/projects/:id', (req, res) => res.json(pages.project(req.params.id)));",
          "router.delete('/projects/:id', (req, res) => res.sendStatus(204));",
          "app.use('/api/v2', router);",
        ],
      ],
      [
        'ci/api.py',
        [
          'router = APIRouter(prefix="/api/v2")',
          '',
          '@router.get("/projects/{project_id}")',
          'def project(project_id: str):',
          '    return db.project(project_id)',
          '',
          '@router.get("/organizations/{name}/projects")',
          'def projects(name: str):',
          '    return db.projects(name)',
        ],
      ],
    ];
    for (const [fileName, lines] of servers) assert.deepEqual(endpoints(lines, fileName), [], fileName);
    // A comment that names Terraform shows nothing of the server, nor a string naming its CLI (a tool that runs it), nor
    // the noun workspaces other APIs have too; its code naming the API does.
    const tracker = servers[0]![1];
    const commented = ['// Pipelines here run like Terraform Cloud runs.', ...tracker];
    assert.deepEqual(endpoints(commented, 'tracker/main.go'), []);
    const runner = [...tracker, 'func plan() error { return exec.Command("terraform", "plan").Run() }'];
    assert.deepEqual(endpoints(runner, 'tracker/main.go'), []);
    const ides = [
      'r := chi.NewRouter()',
      'r.Route("/api/v2", func(r chi.Router) {',
      '\tr.With(auth).Get("/workspaces/{id}", ws)',
      '})',
    ];
    assert.deepEqual(endpoints(ides, 'coderd/api.go'), []);
    const named = ['import tfe "github.com/hashicorp/go-tfe"', ...tracker];
    assert.deepEqual(endpoints(named, 'tracker/main.go'), [
      '6 endpoint GET /projects/:project_id',
      '7 endpoint PATCH /projects/:project_id',
      '8 endpoint DELETE /projects/:project_id',
      '10 endpoint POST /runs',
    ]);
  });

  it('JAX-RS: the class’s @Path("/api/v2") over a method’s @Path and verb', () => {
    const resource = [
      '@Path("/api/v2")',
      'public class VarsetResource {',
      '    @Path("varsets/{id}")',
      '    @PATCH',
      '    public Response update(@PathParam("id") String id) { return null; }',
      '}',
    ];
    assert.deepEqual(endpoints(resource, 'VarsetResource.java'), ['3 endpoint PATCH /varsets/:varset_id']);
    decoys(resource, 'VarsetResource.java');
  });
});

describe('routes of a server implementing this API: a router made in one file, its routes registered in another', () => {
  const constants = ['package config', '', 'const (', '\tAPIRoot    = "/api/v2"', '\tServiceName = "tfe-lite"', ')'];
  const server = [
    'package server',
    '',
    'func New(store Store) *Server {',
    '\ts := &Server{Router: mux.NewRouter(), store: store}',
    '\tv2 := s.PathPrefix(config.APIRoot).Subrouter()',
    '\ts.mountProjects(v2)',
    '\tmountVarsets(store, v2)',
    '\treturn s',
    '}',
  ];
  const routes = [
    'package server',
    '',
    'func (s *Server) mountProjects(api *mux.Router) {',
    '\tapi.HandleFunc("/projects/{id}", s.showProject).Methods("GET")',
    '\tapi.HandleFunc("/projects/{id}", s.deleteProject).Methods("DELETE")',
    '}',
    '',
    'func mountVarsets(store Store, r *mux.Router) {',
    '\tr.HandleFunc("/varsets/{id}", patchVarset(store)).Methods(http.MethodPatch)',
    '}',
  ];
  const scan = (files: (readonly string[])[]): string[][] =>
    scanProject(files.map((lines, k) => ({ text: lines.join('\n'), fileName: `internal/f${k}.go` }))).map((found) =>
      found.filter((m) => m.subject.id.startsWith('endpoint')).map((m) => `${m.line} ${m.subject.id}`),
    );

  it('Go: a group handed to a function of another file, its prefix a constant of a third: the routes are this API’s', () => {
    assert.deepEqual(scan([constants, server, routes])[2], [
      '4 endpoint GET /projects/:project_id',
      '5 endpoint DELETE /projects/:project_id',
      '9 endpoint PATCH /varsets/:varset_id',
    ]);
    // Alone, the routes' file shows no prefix: silent, as another server's routes.
    assert.deepEqual(endpoints(routes, 'internal/routes.go'), []);
  });

  it('the same project with another prefix, or no constant to read, stays silent', () => {
    for (const other of ['/api/v1', '/v2', '/internal']) {
      const moved = constants.map((l) => l.replace('/api/v2', other));
      assert.deepEqual(scan([moved, server, routes])[2], [], other);
    }
    assert.deepEqual(scan([server, routes])[1], []);
  });
});

describe('routes of a server implementing this API: a router of one module mounted by another file', () => {
  const endpointsOf = (files: readonly (readonly [string, readonly string[]])[]): string[] =>
    scanProject(files.map(([fileName, lines]) => ({ fileName, text: lines.join('\n') }))).flatMap((found, k) =>
      found.filter((m) => m.subject.id.startsWith('endpoint')).map((m) => `${files[k]![0]}:${m.line} ${m.subject.id}`),
    );
  /** The project with its prefix moved (`/api/v1`, `/v2`, `/internal`): every file silent. */
  const moved = (files: readonly (readonly [string, readonly string[]])[]): void => {
    for (const other of ['/api/v1', '/v2', '/internal'])
      assert.deepEqual(
        endpointsOf(files.map(([f, lines]) => [f, lines.map((l) => l.replace('/api/v2', other))] as const)),
        [],
        other,
      );
  };

  it('Express: app.use(prefix, require(…)), an imported router, a named import, a constant of a third file', () => {
    const project = [
      [
        'src/app.js',
        [
          "const express = require('express');",
          "const varsets = require('./routes/varsets');",
          "import projects from './routes/projects';",
          "import { router as bindings } from './routes/bindings';",
          "const { API_ROOT } = require('./config');",
          'const app = express();',
          "app.use('/api/v2', requireToken, varsets);",
          "app.use('/api/v2/projects', projects);",
          'app.use(API_ROOT, bindings);',
          "app.use('/api/v2', require('./routes/registry'));",
        ],
      ],
      ['src/config.js', ["export const API_ROOT = '/api/v2';", "export const NAME = 'tfe-mirror';"]],
      [
        'src/routes/varsets.js',
        [
          "const router = require('express').Router();",
          "router.patch('/varsets/:id', updateVarset);",
          "router.delete('/varsets/:id', (req, res) => res.sendStatus(204));",
          'module.exports = router;',
        ],
      ],
      [
        'src/routes/projects.ts',
        [
          "import { Router } from 'express';",
          'const r = Router();',
          "r.get('/:id/varsets', listVarsets);",
          'export default r;',
        ],
      ],
      [
        'src/routes/bindings.ts',
        [
          "import { Router } from 'express';",
          'export const router = Router();',
          "router.patch('/projects/:id/tag-bindings', bind);",
        ],
      ],
      [
        'src/routes/registry/index.js',
        [
          "const r = require('express').Router();",
          "r.post('/organizations/:org/registry-modules', create);",
          'module.exports = r;',
        ],
      ],
    ] as const;
    assert.deepEqual(endpointsOf(project), [
      'src/routes/varsets.js:2 endpoint PATCH /varsets/:varset_id',
      'src/routes/varsets.js:3 endpoint DELETE /varsets/:varset_id',
      'src/routes/projects.ts:3 endpoint GET /projects/:project_id/varsets',
      'src/routes/bindings.ts:3 endpoint PATCH /projects/:project_id/tag-bindings',
      'src/routes/registry/index.js:2 endpoint POST /organizations/:organization_name/registry-modules',
    ]);
    moved(project);
    // The routes' files alone, or mounted from a package or a file of another name, are another server's.
    assert.deepEqual(endpointsOf(project.slice(2)), []);
    const elsewhere = project.map(([f, lines]) => [f.replace('routes/', 'handlers/'), lines] as const);
    assert.deepEqual(endpointsOf([project[0], ...elsewhere.slice(1)]), []);
  });

  it('Express: one router name assigned for each of hundreds of routes, mounted once (the mount read once a name)', () => {
    // Handler files pasted into one: each route's router is the name's last assignment before it, and every one is
    // mounted by the text's one `app.use` of that name (searched once a name, `mountOf`, not once an assignment).
    const lines = ["const express = require('express');", 'const app = express();', 'let router;'];
    for (let k = 0; k < 200; k++) lines.push('router = express.Router();', `router.delete('/varsets/:id', drop${k});`);
    lines.push("app.use('/api/v2', router);");
    assert.deepEqual(
      endpoints(lines, 'src/app.js'),
      Array.from({ length: 200 }, (_, k) => `${5 + 2 * k} endpoint DELETE /varsets/:varset_id`),
    );
    decoys(lines, 'src/app.js');
  });

  it('FastAPI: include_router(module.router, prefix=…) and an imported router, a settings constant; Flask: url_prefix replaces the blueprint’s', () => {
    const fastapi = [
      [
        'backend/app/main.py',
        [
          'from fastapi import FastAPI',
          'from app.core.config import settings',
          'from app.routers import varsets',
          'from .routers.projects import router as projects_router',
          'app = FastAPI()',
          'app.include_router(varsets.router, prefix=settings.API_V2_STR)',
          'app.include_router(projects_router, prefix="/api/v2/projects")',
        ],
      ],
      ['backend/app/core/config.py', ['class Settings(BaseSettings):', '    API_V2_STR: str = "/api/v2"']],
      [
        'backend/app/routers/varsets.py',
        [
          'router = APIRouter()',
          '',
          '@router.patch("/varsets/{varset_id}")',
          'def update(varset_id: str):',
          '    return {}',
        ],
      ],
      [
        'backend/app/routers/projects.py',
        [
          'router = APIRouter(tags=["projects"])',
          '',
          '@router.get("/{project_id}/varsets")',
          'def varsets(project_id: str):',
          '    return []',
        ],
      ],
    ] as const;
    assert.deepEqual(endpointsOf(fastapi), [
      'backend/app/routers/varsets.py:3 endpoint PATCH /varsets/:varset_id',
      'backend/app/routers/projects.py:3 endpoint GET /projects/:project_id/varsets',
    ]);
    moved(fastapi);
    const flask = [
      [
        'tfe/__init__.py',
        [
          'from .views import bp',
          'def create_app():',
          '    app = Flask(__name__)',
          '    app.register_blueprint(bp, url_prefix="/api/v2")',
        ],
      ],
      [
        'tfe/views.py',
        [
          'bp = Blueprint("tfe", __name__, url_prefix="/internal")',
          '',
          '@bp.route("/varsets/<varset_id>", methods=["PATCH"])',
          'def update(varset_id):',
          '    return {}',
        ],
      ],
    ] as const;
    assert.deepEqual(endpointsOf(flask), ['tfe/views.py:3 endpoint PATCH /varsets/:varset_id']);
    moved(flask);
  });

  it('two services of one repository: each mounts its own module of the same name, only the one on /api/v2 is this API’s', () => {
    const routes = (file: string): readonly [string, readonly string[]] => [
      file,
      [
        "const router = require('express').Router();",
        "router.delete('/varsets/:id', drop);",
        'module.exports = router;',
      ],
    ];
    const js = [
      ['app.js', ["const app = require('express')();", "app.use('/api/v2', require('./routes/varsets'));"]],
      routes('routes/varsets.js'),
      ['admin/app.js', ["const app = require('express')();", "app.use('/api/v1', require('./routes/varsets'));"]],
      routes('admin/routes/varsets.js'),
    ] as const;
    assert.deepEqual(endpointsOf(js), ['routes/varsets.js:2 endpoint DELETE /varsets/:varset_id']);
    const service = (root: string, prefix: string): (readonly [string, readonly string[]])[] => [
      [
        `${root}/app/main.py`,
        ['from app.routers import ws', 'app = FastAPI()', `app.include_router(ws.router, prefix="${prefix}")`],
      ],
      [
        `${root}/app/routers/ws.py`,
        [
          'router = APIRouter()',
          '@router.delete("/varsets/{varset_id}")',
          'def drop(varset_id: str):',
          '    return None',
        ],
      ],
    ];
    assert.deepEqual(endpointsOf([...service('svc-a', '/api/v2'), ...service('svc-b', '/api/v1')]), [
      'svc-a/app/routers/ws.py:2 endpoint DELETE /varsets/:varset_id',
    ]);
  });
});
