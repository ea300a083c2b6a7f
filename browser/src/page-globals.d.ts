// The few DOM globals the page uses. The workspace type-checks against @webgpu/types, whose WebGPU
// declarations differ from those in TypeScript's own "DOM" lib (buffer sources), so the page does not pull in
// that lib: the packages' sources, which it compiles too, would no longer type-check.
interface PageElement {
  textContent: string | null;
  className: string;
}
interface PageTableRow extends PageElement {
  insertCell(): PageElement;
}
interface PageTable extends PageElement {
  insertRow(): PageTableRow;
}

declare const document: {
  readonly baseURI: string;
  getElementById(id: 'checks'): PageTable | null;
  getElementById(id: string): PageElement | null;
};

declare const window: {
  semiforgeReport?: import('./report.js').BrowserReport;
};

declare const navigator: { readonly userAgent: string };
