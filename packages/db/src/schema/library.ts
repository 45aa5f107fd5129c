/**
 * The manufacturing library (issue 4): a facility's master data. Every row belongs to one facility
 * (`factory_id`, the spec's organizationId). The model is written down in docs/glossary.md:
 *
 *   option (Size)  ──< option_attributes >──  attribute (M)
 *   style (TEE-100) ──< style_options (Size) ──< style_option_attributes (M, +0 ¢)
 *        ├─< style_price_tiers (from 50 pcs: 1150 ¢)     ├─< style_fabrics (Jersey 1.2 yd, for Black)
 *        ├─< style_parts (Main label ×1)                  ├─< style_instructions (step 1: overlock shoulders)
 *        ├─< style_markers (XS–M, 62 in)                  └─< style_clients (offered to Northwind)
 *   fabric ─ fabric_type; part ─ part_category; instruction ─ machine; instruction_images; profiles;
 *   sku_maps ──< sku_map_segments (option at position n)
 *
 * Quantities of material are `numeric` (exact), money integer cents. The tables are in library-*.ts,
 * by section; this file gathers them.
 */
export * from "./library-materials";
export * from "./library-options";
export * from "./library-profiles";
export * from "./library-sku-maps";
export * from "./library-styles";
