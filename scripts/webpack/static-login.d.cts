import type { Configuration, RuleSetRule, WebpackPluginInstance } from 'webpack';

export type StaticLoginParameters = {
  script: string;
  copy: Record<string, string>;
  icons: { eye: string; eyeInvisible: string; failure: string };
};
export const SCRIPT_FILE: string;
export function keepStaticLoginOutput(asset: string): boolean;
export function staticLoginParameters(copy: Record<string, string>): StaticLoginParameters;
export function renderIndexHtml(parameters?: {
  title?: string;
  appScript?: string;
  staticLogin?: StaticLoginParameters | null;
}): string;
export function staticLoginConfig(options: {
  dir: string;
  entry: string;
  outputPath: string;
  production: boolean;
  rules: RuleSetRule[];
  minimizer: WebpackPluginInstance[];
}): Configuration;
