import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { LABEL_FORMATS, LABEL_SYMBOLOGIES, PAPER_SIZES } from "../common/labels";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText, zTrimmed } from "../common/text";
import { TOTE_BARCODE_PATTERN } from "../floor/actions";
import { PLAN_DEFAULTS, PLAN_LIMIT_FIELDS } from "../floor/cutting";
import { CARRIERS, carrierName } from "../shipping/shipping";

/**
 * Factory Config (/factoryConfig): a facility's own settings, one set per facility (`factory_settings`,
 * the defaults below until the first save), every change kept in its history
 * (`factory_config_history`: who changed which setting from what to what, when). What each
 * setting drives is said beside it; the labour rate is the facility's own column
 * (`factories.labour_cents_per_minute`, custom product pricing), edited here too.
 */

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type TWeekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<TWeekday, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

/** How the facility's shipping labels are printed: a 4 × 6 in PDF, or ZPL for a thermal printer. */
export const SHIPPING_LABEL_FORMATS = ["pdf_4x6", "zpl_4x6"] as const;
export type TShippingLabelFormat = (typeof SHIPPING_LABEL_FORMATS)[number];
export const SHIPPING_LABEL_FORMAT_LABELS: Record<TShippingLabelFormat, string> = {
  pdf_4x6: "4 × 6 in PDF",
  zpl_4x6: "4 × 6 in ZPL (thermal printer)",
};
/** The unit and tote label layouts the Labels menu prints (`common/labels.ts`). */
export const UNIT_LABEL_FORMAT_LABELS: Record<(typeof LABEL_FORMATS)[number], string> = {
  sheet: "2 × 1 in labels on a sheet",
  single: "4 × 6 in, one per page",
};
export const LABEL_SYMBOLOGY_LABELS: Record<(typeof LABEL_SYMBOLOGIES)[number], string> = {
  code128: "Code 128",
  qr: "QR",
};
export const LABEL_PAPER_LABELS: Record<(typeof PAPER_SIZES)[number], string> = { letter: "Letter", a4: "A4" };

const CARRIER_CODES = CARRIERS.map((c) => c.code) as [
  (typeof CARRIERS)[number]["code"],
  ...(typeof CARRIERS)[number]["code"][],
];
export type TCarrierCode = (typeof CARRIER_CODES)[number];

/** The largest tote number: a tote barcode is T- and 4 to 8 digits (TOTE_BARCODE_PATTERN). */
export const TOTE_NUMBER_MAX = 99_999_999;
/** A tote's barcode in a facility's range: the prefix, then the number with at least 4 digits (T-0042). */
export const toteBarcode = (prefix: string, n: number): string => `${prefix}${String(n).padStart(4, "0")}`;

/** A time of day as "HH:MM" (24 hours), compared as text. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether the runtime knows an IANA time zone by that name ("Europe/Lisbon", "UTC"). */
export const isTimeZone = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

export const FACTORY_CONFIG_MESSAGES = {
  saved: "Factory Config was saved.",
  nothingChanged: "Nothing changed.",
  chooseDay: "Choose at least one working day",
  dayTwice: "A day is listed twice",
  time: "Use a time like 08:00",
  endAfterStart: "The working day must end after it starts",
  timeZone: "Choose a time zone from the list",
  prefix: "A tote prefix is T- and at most 3 digits (T-, T-1, T-20)",
  lastBelowFirst: "The last number must not be below the first",
  barcodeTooLong: (barcode: string) => `${barcode} is longer than a tote barcode may be (T- and 4 to 8 digits)`,
  noFacility: "Your user is not linked to a facility.",
  rangeFull: (left: number, first: string, last: string) =>
    left === 0
      ? `No tote barcodes are left in this facility's range ${first} to ${last} (Factory Config).`
      : `Only ${left} tote barcode${left === 1 ? " is" : "s are"} left in this facility's range ${first} to ${last} (Factory Config).`,
  barcodeTaken: "A tote already has one of the next barcodes of the range; change the range in Factory Config.",
} as const;

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `Enter the ${what}` })
    .int("Use a whole number")
    .min(min, `At least ${min.toLocaleString("en-US")}`)
    .max(max, `At most ${max.toLocaleString("en-US")}`);
const boxSide = (what: string) =>
  z
    .number({ error: `Enter the ${what}` })
    .positive(`The ${what} must be more than zero`)
    .max(120, "At most 120 in");

/** The settings as a request (the page's form and PUT /factoryConfig): every setting, checked together. */
export const ZFactorySettingsRequestSchema = z
  .object({
    /**
     * Working time: an order asking for no ship date is due `leadWorkingDays` working days after
     * placing (a placing after the day's end or on a day off counts from the next working day), in
     * the facility's time zone (`hub_floor_due_date`, migration 0044). Saved for new orders only.
     */
    workingDays: z
      .array(z.enum(WEEKDAYS, { error: "Choose days from the list" }))
      .min(1, FACTORY_CONFIG_MESSAGES.chooseDay)
      .max(7)
      .refine((days) => new Set(days).size === days.length, FACTORY_CONFIG_MESSAGES.dayTwice),
    workdayStart: zText().regex(TIME, FACTORY_CONFIG_MESSAGES.time),
    workdayEnd: zText().regex(TIME, FACTORY_CONFIG_MESSAGES.time),
    timeZone: zTrimmed(64, 1, FACTORY_CONFIG_MESSAGES.timeZone).refine(isTimeZone, FACTORY_CONFIG_MESSAGES.timeZone),
    leadWorkingDays: wholeNumber("lead time", 1, 120),
    /**
     * Labels and printers: the shipping label format is the format a shipment's label is bought in
     * (ShipStation's label_format, or the Hub's own PDF or ZPL label); Pack Out shows the shipping
     * label printer's name beside Print label.
     */
    shippingLabelFormat: z.enum(SHIPPING_LABEL_FORMATS, { error: "Choose a label format" }),
    unitLabelFormat: z.enum(LABEL_FORMATS, { error: "Choose a label size" }),
    labelSymbology: z.enum(LABEL_SYMBOLOGIES, { error: "Choose a barcode" }),
    labelPaper: z.enum(PAPER_SIZES, { error: "Choose a paper size" }),
    shippingLabelPrinter: zTrimmed(100),
    unitLabelPrinter: zTrimmed(100),
    toteLabelPrinter: zTrimmed(100),
    /** Pack Out's box form starts from these. */
    defaultCarrier: z.enum(CARRIER_CODES, { error: "Choose a carrier" }),
    defaultBoxName: zTrimmed(60, 1, "Name the box"),
    defaultBoxLengthIn: boxSide("length"),
    defaultBoxWidthIn: boxSide("width"),
    defaultBoxHeightIn: boxSide("height"),
    /** Whether a paid order releases itself to the floor (off: the facility releases it by hand). */
    autoRelease: z.boolean({ error: "Say on or off" }),
    /** New totes (All Totes, Add totes) take the next numbers of this range. */
    toteBarcodePrefix: zText()
      .trim()
      .toUpperCase()
      .regex(/^T-\d{0,3}$/, FACTORY_CONFIG_MESSAGES.prefix),
    toteBarcodeFirst: wholeNumber("first number", 1, TOTE_NUMBER_MAX),
    toteBarcodeLast: wholeNumber("last number", 1, TOTE_NUMBER_MAX),
    /** The cut planner's limits when a plan request leaves them out. */
    cutMaxPlies: PLAN_LIMIT_FIELDS.maxPlies,
    cutTableLengthInches: PLAN_LIMIT_FIELDS.tableLengthInches,
    cutMaxGarmentsPerPly: PLAN_LIMIT_FIELDS.maxGarmentsPerPly,
    cutEndAllowanceInches: PLAN_LIMIT_FIELDS.endAllowanceInches,
    /** What a minute of sewing costs the facility (custom product pricing), integer cents. */
    labourCentsPerMinute: wholeNumber("labour rate", 0, 100_000),
    /**
     * An order's actual labour counts a scan's cycle (since the station's previous scan, or the
     * piece's arrival) up to this many minutes: a longer gap is the station standing idle.
     */
    labourCycleCapMinutes: wholeNumber("longest work cycle", 1, 1440),
  })
  .superRefine((s, ctx) => {
    if (TIME.test(s.workdayStart) && TIME.test(s.workdayEnd) && s.workdayEnd <= s.workdayStart)
      ctx.addIssue({ code: "custom", path: ["workdayEnd"], message: FACTORY_CONFIG_MESSAGES.endAfterStart });
    if (s.toteBarcodeLast < s.toteBarcodeFirst)
      ctx.addIssue({ code: "custom", path: ["toteBarcodeLast"], message: FACTORY_CONFIG_MESSAGES.lastBelowFirst });
    const last = toteBarcode(s.toteBarcodePrefix, s.toteBarcodeLast);
    if (!TOTE_BARCODE_PATTERN.test(last))
      ctx.addIssue({
        code: "custom",
        path: ["toteBarcodeLast"],
        message: FACTORY_CONFIG_MESSAGES.barcodeTooLong(last),
      });
  });
export type TFactorySettingsRequest = z.input<typeof ZFactorySettingsRequestSchema>;
export type TFactorySettings = z.output<typeof ZFactorySettingsRequestSchema>;
export type TFactorySettingField = keyof TFactorySettings;

/** The settings of a facility that never saved any (today's behaviour everywhere), but its labour rate. */
export const FACTORY_SETTINGS_DEFAULTS: Omit<TFactorySettings, "labourCentsPerMinute"> = {
  workingDays: ["mon", "tue", "wed", "thu", "fri"],
  workdayStart: "08:00",
  workdayEnd: "17:00",
  timeZone: "UTC",
  leadWorkingDays: 10,
  shippingLabelFormat: "pdf_4x6",
  unitLabelFormat: "sheet",
  labelSymbology: "code128",
  labelPaper: "letter",
  shippingLabelPrinter: "",
  unitLabelPrinter: "",
  toteLabelPrinter: "",
  defaultCarrier: "ups",
  defaultBoxName: "Standard box",
  defaultBoxLengthIn: 12,
  defaultBoxWidthIn: 10,
  defaultBoxHeightIn: 4,
  autoRelease: true,
  toteBarcodePrefix: "T-",
  toteBarcodeFirst: 1,
  toteBarcodeLast: TOTE_NUMBER_MAX,
  cutMaxPlies: PLAN_DEFAULTS.maxPlies,
  cutTableLengthInches: PLAN_DEFAULTS.tableLengthInches,
  cutMaxGarmentsPerPly: PLAN_DEFAULTS.maxGarmentsPerPly,
  cutEndAllowanceInches: PLAN_DEFAULTS.endAllowanceInches,
  labourCycleCapMinutes: 60,
};

/** Every setting's label (the page's fields and the history name a setting by it). */
export const FACTORY_SETTING_LABELS: Record<TFactorySettingField, string> = {
  workingDays: "Working days",
  workdayStart: "Working day starts",
  workdayEnd: "Working day ends",
  timeZone: "Time zone",
  leadWorkingDays: "Lead time (working days)",
  shippingLabelFormat: "Shipping label format",
  unitLabelFormat: "Unit label size",
  labelSymbology: "Label barcode",
  labelPaper: "Label paper",
  shippingLabelPrinter: "Shipping label printer",
  unitLabelPrinter: "Unit label printer",
  toteLabelPrinter: "Tote label printer",
  defaultCarrier: "Default carrier",
  defaultBoxName: "Default box",
  defaultBoxLengthIn: "Box length (in)",
  defaultBoxWidthIn: "Box width (in)",
  defaultBoxHeightIn: "Box height (in)",
  autoRelease: "Paid orders release themselves to the floor",
  toteBarcodePrefix: "Tote barcode prefix",
  toteBarcodeFirst: "First tote number",
  toteBarcodeLast: "Last tote number",
  cutMaxPlies: "Max plies",
  cutTableLengthInches: "Table length (in)",
  cutMaxGarmentsPerPly: "Garments per ply",
  cutEndAllowanceInches: "End allowance (in)",
  labourCentsPerMinute: "Labour rate per minute",
  labourCycleCapMinutes: "Longest work cycle (minutes)",
};
/** Every setting in the page's order (the order a save's history rows are written in). */
export const FACTORY_SETTING_FIELDS = Object.keys(FACTORY_SETTING_LABELS) as TFactorySettingField[];

/**
 * The facility's lists kept on screens of their own (Stations, QC Reasons) whose changes are in its
 * history too, beside the settings: each change is one row, the entry before and after as people
 * read it (`FACTORY_LIST_NONE` before one was added and after one was deleted).
 */
export const FACTORY_LIST_LABELS = { station: "Station", qcReason: "QC reason code" } as const;
export type TFactoryListField = keyof typeof FACTORY_LIST_LABELS;
export const FACTORY_LIST_NONE = "None";
/** What a history row's field is called: a setting's label or a list's. */
export const factoryHistoryLabel = (field: string): string =>
  (FACTORY_SETTING_LABELS as Record<string, string>)[field] ??
  (FACTORY_LIST_LABELS as Record<string, string>)[field] ??
  field;

/** A setting's value as the history shows it ("Mon, Tue", "On", "FedEx", "$0.45", "None"). */
export const describeSetting = <K extends TFactorySettingField>(field: K, value: TFactorySettings[K]): string => {
  switch (field) {
    case "workingDays":
      return (value as TWeekday[]).map((d) => WEEKDAY_LABELS[d]).join(", ");
    case "autoRelease":
      return value ? "On" : "Off";
    case "shippingLabelFormat":
      return SHIPPING_LABEL_FORMAT_LABELS[value as TShippingLabelFormat];
    case "unitLabelFormat":
      return UNIT_LABEL_FORMAT_LABELS[value as (typeof LABEL_FORMATS)[number]];
    case "labelSymbology":
      return LABEL_SYMBOLOGY_LABELS[value as (typeof LABEL_SYMBOLOGIES)[number]];
    case "labelPaper":
      return LABEL_PAPER_LABELS[value as (typeof PAPER_SIZES)[number]];
    case "defaultCarrier":
      return carrierName(String(value));
    case "labourCentsPerMinute":
      return `$${((value as number) / 100).toFixed(2)}`;
    default:
      return value === "" ? "None" : String(value);
  }
};

/** The facility the settings are of, and the ones the caller may choose from (an internal admin: all). */
const ZFacilitySchema = z.object({ factoryId: z.number().int(), name: zText() });

/** GET and PUT /factoryConfig answer the facility's settings as they are now. */
export const ZFactoryConfigSchema = z
  .object({
    factoryId: z.number().int(),
    factoryName: zText(),
    settings: z.object({
      workingDays: z.array(z.enum(WEEKDAYS)),
      workdayStart: zText(),
      workdayEnd: zText(),
      timeZone: zText(),
      leadWorkingDays: z.number().int(),
      shippingLabelFormat: z.enum(SHIPPING_LABEL_FORMATS),
      unitLabelFormat: z.enum(LABEL_FORMATS),
      labelSymbology: z.enum(LABEL_SYMBOLOGIES),
      labelPaper: z.enum(PAPER_SIZES),
      shippingLabelPrinter: zText(),
      unitLabelPrinter: zText(),
      toteLabelPrinter: zText(),
      defaultCarrier: z.enum(CARRIER_CODES),
      defaultBoxName: zText(),
      defaultBoxLengthIn: z.number(),
      defaultBoxWidthIn: z.number(),
      defaultBoxHeightIn: z.number(),
      autoRelease: z.boolean(),
      toteBarcodePrefix: zText(),
      toteBarcodeFirst: z.number().int(),
      toteBarcodeLast: z.number().int(),
      cutMaxPlies: z.number().int(),
      cutTableLengthInches: z.number(),
      cutMaxGarmentsPerPly: z.number().int(),
      cutEndAllowanceInches: z.number(),
      labourCentsPerMinute: z.number().int(),
      labourCycleCapMinutes: z.number().int(),
    }),
    /** When and by whom the settings were last saved; null while they are the defaults. */
    savedAt: zText().nullable(),
    savedBy: zText().nullable(),
    /** Whether the caller may change them (the Factory Config card). */
    canEdit: z.boolean(),
    facilities: z.array(ZFacilitySchema),
  })
  .meta({ id: "FactoryConfig" });
export type TFactoryConfig = z.infer<typeof ZFactoryConfigSchema>;

/** Which facility: a facility user's own (another's is a 404); an internal admin's choice, else the session client's facility, else the first. */
export const ZFactoryConfigQuerySchema = z.object({ factoryId: ZIdSchema.optional() });
export type TFactoryConfigQuery = z.infer<typeof ZFactoryConfigQuerySchema>;

/** One change of one setting. */
export const ZFactoryConfigChangeSchema = z.object({
  id: z.number().int(),
  at: zText(),
  actor: zText(),
  field: zText(),
  label: zText(),
  from: zText(),
  to: zText(),
});
export type TFactoryConfigChange = z.infer<typeof ZFactoryConfigChangeSchema>;
export const ZFactoryConfigHistoryPageSchema = pageOf(ZFactoryConfigChangeSchema);
export type TFactoryConfigHistoryPage = z.infer<typeof ZFactoryConfigHistoryPageSchema>;
export const ZFactoryConfigHistoryQuerySchema = ZPageQuerySchema.pick({ page: true, size: true }).extend({
  factoryId: ZIdSchema.optional(),
});
export type TFactoryConfigHistoryQuery = z.infer<typeof ZFactoryConfigHistoryQuerySchema>;
