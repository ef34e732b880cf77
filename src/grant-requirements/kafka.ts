// The Apache Kafka page's ACLs (docs/configuring-datastore/kafka.md, Add the ACLs) and its check, the listing of
// `kafka-acls.sh --list --principal User:vigil`: Read and Describe on the monitored topics, Read on the consumer
// groups whose names start with vigil.
import {readKafkaAcls} from '../client-output/kafka-acls';
import {
  bash,
  defaultNames,
  EMPTY_MESSAGE,
  shownName,
  unreadable,
  verdictOf,
  type CheckedRow,
  type GrantCheck,
  type Requirement,
} from './model';

/** The Kafka user of the page's ACLs (principal User:vigil). */
export const USER = 'vigil';

const topicAcl = bash(`kafka-acls.sh --bootstrap-server broker-1.kafka.acme.io:9093 --command-config admin.properties \\
  --add --allow-principal User:vigil \\
  --operation Read --operation Describe \\
  --topic payments. --resource-pattern-type prefixed`);

export const requirements = {
  topicRead: {what: 'Read on the topics', statements: [topicAcl]},
  topicDescribe: {what: 'Describe on the topics', statements: [topicAcl]},
  groupRead: {
    what: 'Read on the consumer groups',
    statements: [
      bash(`kafka-acls.sh --bootstrap-server broker-1.kafka.acme.io:9093 --command-config admin.properties \\
  --add --allow-principal User:vigil \\
  --operation Read \\
  --group vigil --resource-pattern-type prefixed`),
    ],
  },
} satisfies Record<string, Requirement>;

type Id = keyof typeof requirements;

const FORMATS = 'kafka-acls.sh\'s listing: a "Current ACLs for resource" line per resource pattern, then its ACLs';

export const grantCheck: GrantCheck = {
  formats: FORMATS,
  check(output, names = defaultNames) {
    if (output.trim() === '') {
      return unreadable(
        `${EMPTY_MESSAGE} If kafka-acls.sh printed nothing, the principal has no ACL: run the commands of Add the ACLs.`,
      );
    }
    const {acls, blocks, unread} = readKafkaAcls(output);
    if (blocks === 0 || unread.length > 0) {
      return unreadable(`This is not the output of kafka-acls.sh --list. Expected ${FORMATS}.`);
    }
    const principals = names(USER).map((user) => `User:${user}`);
    const expected = `User:${shownName(names, USER)}`;
    const other = acls.find((acl) => !principals.includes(acl.principal));
    if (other) {
      return unreadable(
        `This output lists the ACLs of ${other.principal}; the commands of this page are for ${expected}. Run the page's check with --principal ${expected}.`,
      );
    }
    const allows = (resourceType: string, operation: string) =>
      acls.some(
        (acl) =>
          acl.resourceType === resourceType &&
          acl.permissionType === 'ALLOW' &&
          (acl.operation === operation || acl.operation === 'ALL'),
      );
    const rows: CheckedRow<Id>[] = [
      {id: 'topicRead', label: 'READ on a TOPIC pattern', present: allows('TOPIC', 'READ')},
      {id: 'topicDescribe', label: 'DESCRIBE on a TOPIC pattern', present: allows('TOPIC', 'DESCRIBE')},
      {id: 'groupRead', label: 'READ on a GROUP pattern', present: allows('GROUP', 'READ')},
    ];
    return verdictOf('kafka-acls.sh', rows, requirements, []);
  },
};
