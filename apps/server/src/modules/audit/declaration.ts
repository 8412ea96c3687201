import type { AuditEntity, auditSearchKinds } from '@caredesk/shared';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';

type SearchKind = (typeof auditSearchKinds)[number];

/**
 * What the audit trail records of a request to a route, declared in its options
 * (`config: { audit: … }`) so that a reader of the route sees it and the hook (hook.ts) trusts
 * nothing else: not the URL, not the reply's shape beyond what is declared here.
 */
export type AuditDeclaration = { entity: AuditEntity } & (StaffAction | PatientAppAction | SignIn | ProviderWebhook);

/** A staff member's request: recorded with the staff member and organisation of their token. */
type StaffAction = {
  /**
   * The route serves patient data: a request to it refused with 401, 403 or 404 is a security
   * event ('denied'), though it changed and revealed nothing (design.md, Privacy).
   */
  patientData?: true;
  /** The path parameter naming the record acted on ('id', 'patientId'). */
  idParam?: string;
} & (
  | {
      /** A GET of one record (never recorded for HEAD, which reveals only that it exists). */
      action: 'read';
      /** The query parameter naming the record, when the path does not (GET /api/billing/bills?visitId=). */
      idQuery?: string;
    }
  | {
      /**
       * A GET of many records: recorded with its filter and how many it returned, as 'search' when
       * a term was typed (never the term). `search`: always a search, of this kind when the
       * query names none. `count`: the reply's array of that name (`data`, the dashboard's
       * `upcoming`), or the distinct visits of its token queue(s).
       */
      action: 'list';
      count: 'data' | 'upcoming' | 'entries' | 'queue-visits';
      search?: SearchKind;
    }
  | {
      /** A POST that only reads (the term stays out of URLs): a search of its reply's `data`. */
      action: 'lookup';
      search: SearchKind;
    }
  | {
      /** A CSV download: recorded with its filter (a GET only). */
      action: 'export';
    }
  | {
      /** With no idParam, the record is the one the 201 reply names at this path. */
      action: 'create';
      createdIdFrom?: `reply.${string}`;
    }
  | {
      /** 'create' when answered 201 Created, else 'update' (a retried send answers the first). */
      action: 'create-or-update';
    }
  | {
      /**
       * A POST acting on several records at once (a list's bulk cancel, one message to many
       * patients): one entry per record the handler passed to auditStaffWrites (hook.ts), as it
       * was created or changed, or 'denied' when it named one out of reach; nothing for a record
       * it left as it was. A refused request (401, 403) is one entry, as for any route.
       */
      action: 'each';
    }
  | { action: 'update' | 'delete' | 'sign-out' }
);

/**
 * The patient app changed an organisation's records, or read one (a report): no staff member
 * acted, so the entry names the app's account by its phone. A write is 'create' when answered
 * 201, else 'update'. The organisation and record are the reply's `organisationId` and `id`, or,
 * when the reply does not name them or the write may have changed nothing, what the handler
 * passed to auditPatientAppWrite (hook.ts).
 */
type PatientAppAction = { actor: 'patient-app' } & (
  | { action: 'create-or-update' | 'read'; recordFrom: 'reply' | 'handler' }
  | {
      /**
       * A list of the account's own records across organisations (its receipts): one entry in
       * each organisation whose records it returned, with how many, as the handler passed them
       * to auditPatientAppList (hook.ts).
       */
      action: 'list';
      recordFrom: 'handler';
    }
);

/**
 * An outside provider's webhook (WhatsApp, the SMS gateway) changed patient data: a STOP
 * withdrew consent, a patient's WhatsApp message became a chat message. No one signed in acted;
 * the entry names the provider, and each record the handler passed to auditProviderWrites
 * (hook.ts) gets its own entry in its organisation's trail.
 */
interface ProviderWebhook {
  actor: 'provider';
  /** As the trail names the actor: 'WhatsApp', 'SMS gateway'. */
  provider: string;
  action: 'update';
}

/** A public route that signs a staff member in: they and their organisation are the reply's `user`. */
interface SignIn {
  action: 'sign-in';
}

/** A route that writes, or reads patient data, and still records nothing: the reason says why. */
export interface NotAudited {
  notAudited: string;
}

export type AuditConfig = AuditDeclaration | NotAudited;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the audit trail records of a request to this route (modules/audit/declaration.ts). */
    audit?: AuditConfig;
  }
}

export function isDeclared(config: AuditConfig | undefined): config is AuditDeclaration {
  return config !== undefined && !('notAudited' in config);
}

/**
 * Adds each operation's audit declaration to the OpenAPI document as `x-audit`: whoever reads
 * the API learns what the trail records of it, and a test checks every write and every read of
 * patient data against the same document.
 */
export function withAuditDeclarations<S extends FastifySchema>(transform: SwaggerTransform<S>): SwaggerTransform<S> {
  return (input) => {
    const transformed = transform(input);
    const audit = input.route.config?.audit;
    if (!audit) return transformed;
    const schema: FastifySchema & { 'x-audit': AuditConfig } = { ...transformed.schema, 'x-audit': audit };
    return { ...transformed, schema };
  };
}
