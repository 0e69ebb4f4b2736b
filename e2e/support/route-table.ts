// The pages a user can open, from the tables the product routes by: the shell's own (SHELL_ROUTES in
// shell/src/routing/routes.ts, read with TypeScript's parser as the build reads an area's PAGES) and the areas'
// as deployed (/remotes.json), kept to those the user's privileges open. A page added to either is covered.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { canOpenPage, parsePrivilegeText } from '@carelane/shared-domain';
import ts from 'typescript';
import { baseUrl, DEMO_PASSWORD, expect } from './fixtures';
import { ROOT } from './paths';

export type RouteLine = {
  path: string;
  title: string;
  pages: string[];
  menu: boolean;
  public: boolean;
  built: boolean;
  owner: string;
};

const SHELL_ROUTES_FILE = path.join(ROOT, 'shell/src/routing/routes.ts');

/** The file's string constants (`export const USER_MENU = 'userMenu'`), which the routes may name. */
const constants = new Map<string, string>();

function literal(node: ts.Expression): unknown {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isIdentifier(node) && constants.has(node.text)) return constants.get(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isArrayLiteralExpression(node)) return node.elements.map(literal);
  if (ts.isObjectLiteralExpression(node))
    return Object.fromEntries(
      node.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(), literal(p.initializer)]),
    );
  throw new Error(
    `${SHELL_ROUTES_FILE}: SHELL_ROUTES holds something other than literals: ${node.getText()}`,
  );
}

/** The shell's own routes, as SHELL_ROUTES lists them. */
export function shellRoutes(): RouteLine[] {
  const source = ts.createSourceFile(
    SHELL_ROUTES_FILE,
    fs.readFileSync(SHELL_ROUTES_FILE, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (
        ts.isIdentifier(declaration.name) &&
        declaration.initializer &&
        ts.isStringLiteral(declaration.initializer)
      )
        constants.set(declaration.name.text, declaration.initializer.text);
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'SHELL_ROUTES') continue;
      let value = declaration.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value))) value = value.expression;
      if (!value) break;
      return (literal(value) as Omit<RouteLine, 'owner'>[]).map((route) => ({ ...route, owner: 'shell' }));
    }
  }
  throw new Error(`${SHELL_ROUTES_FILE} has no SHELL_ROUTES`);
}

type AreaLine = { name: string; routes: Partial<RouteLine>[] };

/** Every area's routes as the running product deploys them. */
export async function areaRoutes(request: APIRequestContext): Promise<RouteLine[]> {
  const response = await request.get(`${baseUrl()}/remotes.json`);
  expect(response.ok(), '/remotes.json').toBe(true);
  const areas = (await response.json()) as AreaLine[];
  return areas.flatMap((area) =>
    area.routes.map((route) => ({
      path: route.path!,
      title: route.title ?? route.path!,
      pages: route.pages ?? [],
      menu: route.menu ?? false,
      public: route.public ?? false,
      built: route.built ?? false,
      owner: area.name,
    })),
  );
}

/** Signs in through the API: the session token and the user's privilege map. */
export async function signInByApi(request: APIRequestContext, emailId: string) {
  const response = await request.post(`${baseUrl()}/api/security/authenticate`, {
    data: { emailId, password: DEMO_PASSWORD },
  });
  expect(response.status(), `signing in as ${emailId}`).toBe(200);
  const body = (await response.json()) as { token: string; user: { privileges: string }[] };
  return { token: body.token, privileges: parsePrivilegeText(body.user[0]!.privileges) };
}

/** The signed-in pages (not public ones) the user's privileges open: a route with no page key opens to anyone. */
export async function pagesUserCanOpen(request: APIRequestContext, emailId: string): Promise<RouteLine[]> {
  const { privileges } = await signInByApi(request, emailId);
  const routes = [...shellRoutes(), ...(await areaRoutes(request))];
  return routes.filter(
    (route) =>
      !route.public &&
      (route.pages.length === 0 || route.pages.some((page) => canOpenPage(privileges, page))),
  );
}
