// The one lodash function the site imports (the API page generator's slug function); lodash ships no types.
declare module 'lodash/kebabCase' {
  export default function kebabCase(value?: string): string;
}
