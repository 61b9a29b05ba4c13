/** One named set of sample data a template is previewed with. */
export interface NamedSample {
  name: string;
  data: Record<string, unknown>;
}
