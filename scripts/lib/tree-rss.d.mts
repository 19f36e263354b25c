// Types of tree-rss.mjs for the TypeScript scripts (the bench).
export interface TreeProcess {
  pid: number;
  ppid: number;
  rssMb: number;
  command: string;
}
export declare function processTree(pid: number): TreeProcess[];
export declare function treeRssMb(pid: number): number;
