/**
 * The ACL listing of Apache Kafka's `kafka-acls.sh --list`: one block per resource pattern, a heading line
 * "Current ACLs for resource `ResourcePattern(resourceType=TOPIC, name=payments., patternType=PREFIXED)`:" and one
 * line per ACL, "(principal=User:vigil, host=*, operation=READ, permissionType=ALLOW)".
 */
import {linesOf} from './tables';

export type KafkaAcl = {
  resourceType: string;
  resourceName: string;
  patternType: string;
  principal: string;
  host: string;
  operation: string;
  permissionType: string;
};

const RESOURCE = /ResourcePattern\(resourceType=([A-Z_]+), name=(.*), patternType=([A-Z_]+)\)/;
const ACL = /^\(principal=(.*), host=(.*), operation=([A-Z_]+), permissionType=([A-Z]+)\)$/;

/** The ACLs of the listing; `blocks` counts the resource headings, `unread` the lines that are neither. */
export function readKafkaAcls(text: string): {acls: KafkaAcl[]; blocks: number; unread: string[]} {
  const acls: KafkaAcl[] = [];
  const unread: string[] = [];
  let blocks = 0;
  let resource: RegExpExecArray | null = null;
  for (const raw of linesOf(text)) {
    const line = raw.trim();
    if (line === '') continue;
    const heading = line.startsWith('Current ACLs for resource') ? RESOURCE.exec(line) : null;
    if (heading) {
      resource = heading;
      blocks += 1;
      continue;
    }
    const acl = ACL.exec(line);
    if (acl && resource) {
      acls.push({
        resourceType: resource[1],
        resourceName: resource[2],
        patternType: resource[3],
        principal: acl[1],
        host: acl[2],
        operation: acl[3],
        permissionType: acl[4],
      });
      continue;
    }
    unread.push(line);
  }
  return {acls, blocks, unread};
}
