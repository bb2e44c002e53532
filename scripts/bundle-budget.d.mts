import type { Plugin } from 'vite';
export interface RouteBudget {
  route: string;
  path: string;
  modules: string[];
  budget: number;
}
export const ROUTES: RouteBudget[];
export interface FirstLoad {
  route: string;
  path: string;
  kb: number;
  budget: number;
  files: string[];
}
export function firstLoads(dist: string): FirstLoad[];
export function checkBudgets(dist: string, log?: (line: string) => void): boolean;
export function bundleBudget(): Plugin;
