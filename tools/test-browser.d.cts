export const TEST_BROWSER: string;

export const TEST_BROWSER_PACKAGE: string;
