/** One problem with one input, in the 422 shape the console reads: `{loc: ['body', 'email'], msg, type}`. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}
