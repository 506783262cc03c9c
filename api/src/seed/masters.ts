import { dayToUtcMidnight } from '@admin/shared/dates';
import { fils, type Fils } from '@admin/shared/money';
import {
  banks,
  customerCities,
  customerKinds,
  customerNationalities,
  customers,
  products,
  productTypes,
  type LookupTable,
} from '../db/schema';
import type { Transaction } from '../db/connect';

/** What the masters seed created, for the areas seeded after it (invoices, payments). */
export interface SeededMasters {
  customerIds: string[];
  products: { id: string; price: Fils }[];
}

const KINDS = ['Individual', 'Company', 'Government', 'Non-profit', 'Reseller'];
const NATIONALITIES = [
  'Kuwaiti',
  'Egyptian',
  'Indian',
  'Saudi',
  'Filipino',
  'Pakistani',
  'Jordanian',
  'Lebanese',
  'Bangladeshi',
  'British',
];
const CITIES = [
  'Kuwait City',
  'Hawalli',
  'Salmiya',
  'Farwaniya',
  'Jahra',
  'Ahmadi',
  'Fahaheel',
  'Mubarak Al-Kabeer',
  'Jabriya',
  'Mangaf',
];
const TYPES = ['Networking', 'Computers', 'Software', 'Services', 'Maintenance', 'Accessories'];

// [name, Arabic alternate name or null, kind, nationality, city, status]
const CUSTOMERS: [string, string | null, string, string, string, 'high' | 'medium' | 'low'][] = [
  ['Ahmad Al-Mutairi', 'أحمد المطيري', 'Individual', 'Kuwaiti', 'Jahra', 'medium'],
  ['Fatima Al-Sabah', 'فاطمة الصباح', 'Individual', 'Kuwaiti', 'Kuwait City', 'high'],
  ['Al-Ghanim Trading Co.', 'شركة الغانم للتجارة', 'Company', 'Kuwaiti', 'Kuwait City', 'high'],
  ['Mohammed Abdel-Rahman', 'محمد عبد الرحمن', 'Individual', 'Egyptian', 'Hawalli', 'low'],
  ['Rajesh Kumar', null, 'Individual', 'Indian', 'Farwaniya', 'medium'],
  ['Ministry of Education', 'وزارة التربية', 'Government', 'Kuwaiti', 'Kuwait City', 'high'],
  ['Noura Al-Enezi', 'نورة العنزي', 'Individual', 'Kuwaiti', 'Salmiya', 'medium'],
  ['Gulf Star Logistics', null, 'Company', 'Kuwaiti', 'Ahmadi', 'medium'],
  ['Khalid Al-Otaibi', 'خالد العتيبي', 'Individual', 'Saudi', 'Jahra', 'low'],
  ['Maria Santos', null, 'Individual', 'Filipino', 'Salmiya', 'low'],
  ['Al-Nakheel Restaurant', 'مطعم النخيل', 'Company', 'Kuwaiti', 'Hawalli', 'medium'],
  ['Kuwait Red Crescent Society', 'جمعية الهلال الأحمر الكويتي', 'Non-profit', 'Kuwaiti', 'Kuwait City', 'high'],
  ['Imran Sheikh', null, 'Individual', 'Pakistani', 'Farwaniya', 'medium'],
  ['Yousef Al-Kandari', 'يوسف الكندري', 'Individual', 'Kuwaiti', 'Mubarak Al-Kabeer', 'medium'],
  ['Tech Zone Computers', null, 'Reseller', 'Kuwaiti', 'Hawalli', 'high'],
  ['Omar Haddad', 'عمر حداد', 'Individual', 'Jordanian', 'Jabriya', 'low'],
  ['Sara Al-Rashed', 'سارة الراشد', 'Individual', 'Kuwaiti', 'Salmiya', 'medium'],
  ['Ahmadi Hospital', 'مستشفى الأحمدي', 'Government', 'Kuwaiti', 'Ahmadi', 'high'],
  ['Priya Nair', null, 'Individual', 'Indian', 'Mangaf', 'low'],
  ['Al-Shaya Retail', 'الشايع للتجزئة', 'Company', 'Kuwaiti', 'Kuwait City', 'high'],
  ['Hassan Fakhro', null, 'Individual', 'Lebanese', 'Jabriya', 'medium'],
  ['Bader Al-Azmi', 'بدر العازمي', 'Individual', 'Kuwaiti', 'Fahaheel', 'medium'],
  ['Desert Rose Flowers', 'زهرة الصحراء', 'Company', 'Kuwaiti', 'Salmiya', 'low'],
  ['Abdul Karim', null, 'Individual', 'Bangladeshi', 'Farwaniya', 'low'],
  ['Public Authority for Housing', 'المؤسسة العامة للرعاية السكنية', 'Government', 'Kuwaiti', 'Kuwait City', 'high'],
  ['Mariam Al-Hajri', 'مريم الهاجري', 'Individual', 'Kuwaiti', 'Jahra', 'medium'],
  ['Blue Wave Marine', null, 'Company', 'Kuwaiti', 'Fahaheel', 'medium'],
  ['Tariq Al-Harbi', 'طارق الحربي', 'Individual', 'Saudi', 'Hawalli', 'low'],
  ['James Whitfield', null, 'Individual', 'British', 'Kuwait City', 'medium'],
  ['Smart Office Supplies', null, 'Reseller', 'Kuwaiti', 'Farwaniya', 'medium'],
  ['Hessa Al-Mulla', 'حصة الملا', 'Individual', 'Kuwaiti', 'Kuwait City', 'high'],
  ['Ali Mahmoud', 'علي محمود', 'Individual', 'Egyptian', 'Mangaf', 'medium'],
  ['Al-Watan Bakery', 'مخبز الوطن', 'Company', 'Kuwaiti', 'Jahra', 'low'],
  ['Zakat House', 'بيت الزكاة', 'Non-profit', 'Kuwaiti', 'Kuwait City', 'medium'],
  ['Anil Menon', null, 'Individual', 'Indian', 'Salmiya', 'medium'],
  ['Dalal Al-Fadhli', 'دلال الفضلي', 'Individual', 'Kuwaiti', 'Ahmadi', 'medium'],
  ['Kuwait Net Solutions', 'حلول الكويت نت', 'Reseller', 'Kuwaiti', 'Hawalli', 'high'],
  ['Faisal Al-Shammari', 'فيصل الشمري', 'Individual', 'Kuwaiti', 'Jahra', 'low'],
  ['Green Leaf Clinic', null, 'Company', 'Kuwaiti', 'Jabriya', 'medium'],
  ['Layla Al-Qattan', 'ليلى القطان', 'Individual', 'Kuwaiti', 'Mubarak Al-Kabeer', 'medium'],
];

// [name, type, price in fils]
const PRODUCTS: [string, string, number][] = [
  ['Wi-Fi 6 Router', 'Networking', 24_500],
  ['24-Port Network Switch', 'Networking', 89_000],
  ['Cat6 Cable (305 m)', 'Networking', 37_750],
  ['Business Laptop 14"', 'Computers', 289_000],
  ['Desktop Workstation', 'Computers', 415_500],
  ['27" Monitor', 'Computers', 74_900],
  ['Office Suite Licence (1 year)', 'Software', 29_000],
  ['Antivirus Licence (1 year)', 'Software', 8_750],
  ['Accounting Software Licence', 'Software', 120_000],
  ['Network Installation (per point)', 'Services', 15_000],
  ['On-site Support (per hour)', 'Services', 12_500],
  ['Data Migration', 'Services', 95_000],
  ['Annual Maintenance Contract', 'Maintenance', 450_000],
  ['Printer Servicing', 'Maintenance', 18_000],
  ['Server Health Check', 'Maintenance', 60_000],
  ['Wireless Keyboard and Mouse', 'Accessories', 9_250],
  ['USB-C Docking Station', 'Accessories', 42_000],
  ['Laser Printer Toner', 'Accessories', 21_500],
  ['UPS 1500 VA', 'Accessories', 58_750],
  ['Webcam 1080p', 'Accessories', 11_125],
];

/** Banks of Kuwait, in English and Arabic, for the cheque register. */
const BANKS: [string, string][] = [
  ['National Bank of Kuwait', 'بنك الكويت الوطني'],
  ['Kuwait Finance House', 'بيت التمويل الكويتي'],
  ['Gulf Bank', 'بنك الخليج'],
  ['Commercial Bank of Kuwait', 'البنك التجاري الكويتي'],
  ['Burgan Bank', 'بنك برقان'],
  ['Boubyan Bank', 'بنك بوبيان'],
  ['Al Ahli Bank of Kuwait', 'البنك الأهلي الكويتي'],
  ['Warba Bank', 'بنك وربة'],
];

const MINUTE = 60_000;

/** Inserts names with creation times a minute apart, oldest first, so lists show them in order. */
async function insertNames(tx: Transaction, table: LookupTable, names: string[], start: number) {
  const rows = await tx
    .insert(table)
    .values(
      names.map((name, i) => ({
        name,
        createdAt: new Date(start + i * MINUTE),
        updatedAt: new Date(start + i * MINUTE),
      })),
    )
    .returning({ id: table.id, name: table.name });
  return new Map(rows.map((row) => [row.name, row.id]));
}

export async function seedMasters(tx: Transaction, now: Date): Promise<SeededMasters> {
  const start = now.getTime() - 30 * 24 * 60 * MINUTE;
  const kinds = await insertNames(tx, customerKinds, KINDS, start);
  const nationalities = await insertNames(tx, customerNationalities, NATIONALITIES, start);
  const cities = await insertNames(tx, customerCities, CITIES, start);
  const types = await insertNames(tx, productTypes, TYPES, start);
  await tx.insert(banks).values(
    BANKS.map(([name, nameAr], i) => ({
      name,
      nameAr,
      createdAt: new Date(start + i * MINUTE),
      updatedAt: new Date(start + i * MINUTE),
    })),
  );

  const productRows = await tx
    .insert(products)
    .values(
      PRODUCTS.map(([productName, type, productPrice], i) => {
        const at = new Date(start + (60 + i * 30) * MINUTE);
        return {
          productName,
          productPrice: fils(productPrice),
          productTypeId: types.get(type)!,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: products.id, price: products.productPrice });

  const customerRows = await tx
    .insert(customers)
    .values(
      CUSTOMERS.map(([customerName, customerAlternateName, kind, nationality, city, status], i) => {
        const at = new Date(start + (24 * 60 + i * 12 * 60) * MINUTE);
        return {
          customerName,
          customerAlternateName,
          dateOfCreation: dayToUtcMidnight(at.toISOString().slice(0, 10)),
          customerKindId: kinds.get(kind)!,
          customerNationalityId: nationalities.get(nationality)!,
          customerCityId: cities.get(city)!,
          status,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: customers.id });

  return { customerIds: customerRows.map((row) => row.id), products: productRows };
}
