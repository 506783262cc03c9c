import type {
  CompanySettings,
  CompanySettingsInput,
  LogoType,
  PublicHolidays,
  PublicHolidaysInput,
} from '@admin/shared/contract';
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { changesOf } from '../../audit/changes';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { companySettings, publicHolidays } from '../../db/schema';
import { LOGO_EXTENSIONS } from './logo';
import { onlyRow } from '../../db/rows';

const ROW = eq(companySettings.id, 1);

type Row = typeof companySettings.$inferSelect;

function toSettings(row: Row): CompanySettings {
  return {
    companyNameEn: row.companyNameEn,
    companyNameAr: row.companyNameAr,
    address: row.address,
    phone: row.phone,
    email: row.email,
    commercialRegistration: row.commercialRegistration,
    invoiceFooter: row.invoiceFooter,
    arabicIndicDigits: row.arabicIndicDigits,
    writeOffLimit: row.writeOffLimit,
    logoUrl:
      row.logoSha256 && row.logoType
        ? `/api/settings/company/logo/${row.logoSha256}.${LOGO_EXTENSIONS[row.logoType]}`
        : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The company's details printed on invoices and statements: one row, every change audited. */
export class CompanySettingsService {
  constructor(private readonly db: Database) {}

  async get(db: Database | Transaction = this.db): Promise<CompanySettings> {
    return toSettings(
      onlyRow(await db.select().from(companySettings).where(ROW), 'the settings row its migration made'),
    );
  }

  update(actor: Actor, input: CompanySettingsInput): Promise<CompanySettings> {
    return this.write(actor, input);
  }

  setLogo(actor: Actor, type: LogoType, bytes: Buffer): Promise<CompanySettings> {
    return this.write(actor, {
      logo: bytes,
      logoType: type,
      logoSha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }

  removeLogo(actor: Actor): Promise<CompanySettings> {
    return this.write(actor, { logo: null, logoType: null, logoSha256: null });
  }

  /** The logo whose content hashes to `sha256`, or undefined (an old URL after a new upload). */
  async logo(sha256: string, type: LogoType): Promise<Buffer | undefined> {
    const [row] = await this.db
      .select({ logo: companySettings.logo })
      .from(companySettings)
      .where(and(ROW, eq(companySettings.logoSha256, sha256), eq(companySettings.logoType, type)));
    return row?.logo ?? undefined;
  }

  private write(actor: Actor, values: Partial<typeof companySettings.$inferInsert>): Promise<CompanySettings> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: companySettings.id }).from(companySettings).where(ROW).for('update');
      const before = await this.get(tx);
      await tx
        .update(companySettings)
        .set({ ...values, updatedAt: new Date() })
        .where(ROW);
      const after = await this.get(tx);
      const changes = changesOf(before, after);
      await appendAudit(tx, actor, [
        { action: 'update', entityType: 'company-settings', entityId: null, label: 'Company settings', changes },
      ]);
      return after;
    });
  }
}

/** The days the business is closed besides Friday and Saturday, kept by an admin. */
export async function readHolidays(db: Database | Transaction): Promise<PublicHolidays> {
  const rows = await db.select().from(publicHolidays).orderBy(asc(publicHolidays.day));
  return { holidays: rows.map((row) => ({ day: row.day, name: row.name })) };
}

/** Replaces the public holidays with `input`'s, in one audited change. */
export function replaceHolidays(db: Database, actor: Actor, input: PublicHolidaysInput): Promise<PublicHolidays> {
  return db.transaction(async (tx) => {
    // One writer at a time: the settings row is the list's lock too.
    await tx.select({ id: companySettings.id }).from(companySettings).where(ROW).for('update');
    const before = await readHolidays(tx);
    await tx.delete(publicHolidays);
    if (input.holidays.length) await tx.insert(publicHolidays).values(input.holidays);
    const after = await readHolidays(tx);
    const changes = changesOf(before, after);
    if (changes.length) {
      await appendAudit(tx, actor, [
        { action: 'update', entityType: 'company-settings', entityId: null, label: 'Public holidays', changes },
      ]);
    }
    return after;
  });
}
