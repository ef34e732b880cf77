export declare const POSTGRES_PACKAGE: {program: string; pkg: string};
export declare const MARIADB_PACKAGE: {program: string; pkg: string};
export declare const OPENSSL_PACKAGE: {program: string; pkg: string};
export declare const MARIADB: {server: string; installDb: string; client: string};
export declare function postgresBinDir(): string | undefined;
