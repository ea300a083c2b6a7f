import HandlebarsRuntime from 'handlebars/runtime.js';
import type HandlebarsApi from 'handlebars';
import type { Target } from '../spec/kernel-spec.js';
import { TEMPLATE_SPECS } from '../generated/templates.js';

type Render = (view: object) => string;

// The runtime build has the full API's `create`/`template` but ships no types of its own.
const Handlebars = HandlebarsRuntime as unknown as typeof HandlebarsApi;

const environments = new Map<Target, Map<string, Render>>();

/**
 * The precompiled templates of one target (built by `nx run codegen`, so generation needs no file
 * access at run time: browsers and bundles work). Partials under `<target>/partials/` are registered by
 * their file name.
 */
function environment(target: Target): Map<string, Render> {
  let env = environments.get(target);
  if (env) return env;
  const hb = Handlebars.create();
  env = new Map();
  const prefix = `${target}/`;
  for (const [path, spec] of Object.entries(TEMPLATE_SPECS)) {
    if (!path.startsWith(prefix)) continue;
    const fn = hb.template(spec as never) as unknown as Render;
    const rel = path.slice(prefix.length);
    if (rel.startsWith('partials/')) hb.registerPartial(rel.slice('partials/'.length), fn as never);
    else env.set(rel, fn);
  }
  environments.set(target, env);
  return env;
}

/** Renders `templates/<target>/<template>.<ext>.hbs` with a view. */
export function renderTemplate(target: Target, template: string, view: object): string {
  const fn = environment(target).get(template);
  if (!fn) throw new Error(`no ${target} template '${template}' (run \`nx run codegen\` after adding one)`);
  return fn(view);
}
