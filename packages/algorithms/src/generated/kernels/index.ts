import type { GeneratedKernel } from "@semiforge/codegen";
import { fw_panel_col__max_min_f32__row_major__t64u4w16x16__wgsl__c2ec0aab6a35 } from "./fw_panel_col__max_min_f32__row_major__t64u4w16x16__wgsl__c2ec0aab6a35.js";
import { fw_panel_col__min_plus_f32__bdl__t64u4w16x16__wgsl__e73a4eefe3a6 } from "./fw_panel_col__min_plus_f32__bdl__t64u4w16x16__wgsl__e73a4eefe3a6.js";
import { fw_panel_col__min_plus_f32__row_major__t128u4w16x16__wgsl__29dd96b5f4e9 } from "./fw_panel_col__min_plus_f32__row_major__t128u4w16x16__wgsl__29dd96b5f4e9.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4w16x16__cuda__33288b52ccc9 } from "./fw_panel_col__min_plus_f32__row_major__t64u4w16x16__cuda__33288b52ccc9.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4w16x16__wgsl__c6f23003f92d } from "./fw_panel_col__min_plus_f32__row_major__t64u4w16x16__wgsl__c6f23003f92d.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4w16x16s__wgsl__f6df363060ef } from "./fw_panel_col__min_plus_f32__row_major__t64u4w16x16s__wgsl__f6df363060ef.js";
import { fw_panel_col__min_plus_i32__row_major__t64u4w16x16__wgsl__859241973a5b } from "./fw_panel_col__min_plus_i32__row_major__t64u4w16x16__wgsl__859241973a5b.js";
import { fw_panel_col__min_plus_u32__row_major__t64u4w16x16__wgsl__e1975d3070b8 } from "./fw_panel_col__min_plus_u32__row_major__t64u4w16x16__wgsl__e1975d3070b8.js";
import { fw_panel_col__or_and_u32__row_major__t64u4w16x16__wgsl__4ad11aa879c3 } from "./fw_panel_col__or_and_u32__row_major__t64u4w16x16__wgsl__4ad11aa879c3.js";
import { fw_panel_row__max_min_f32__row_major__t64u4w16x16__wgsl__685ece3cd14a } from "./fw_panel_row__max_min_f32__row_major__t64u4w16x16__wgsl__685ece3cd14a.js";
import { fw_panel_row__min_plus_f32__bdl__t64u4w16x16__wgsl__d9a083a9533f } from "./fw_panel_row__min_plus_f32__bdl__t64u4w16x16__wgsl__d9a083a9533f.js";
import { fw_panel_row__min_plus_f32__row_major__t128u4w16x16__wgsl__3be61352260c } from "./fw_panel_row__min_plus_f32__row_major__t128u4w16x16__wgsl__3be61352260c.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4w16x16__cuda__08f5df39a3b8 } from "./fw_panel_row__min_plus_f32__row_major__t64u4w16x16__cuda__08f5df39a3b8.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4w16x16__wgsl__72fef2f16dde } from "./fw_panel_row__min_plus_f32__row_major__t64u4w16x16__wgsl__72fef2f16dde.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4w16x16s__wgsl__badbc297a19c } from "./fw_panel_row__min_plus_f32__row_major__t64u4w16x16s__wgsl__badbc297a19c.js";
import { fw_panel_row__min_plus_i32__row_major__t64u4w16x16__wgsl__e9e06d21fb15 } from "./fw_panel_row__min_plus_i32__row_major__t64u4w16x16__wgsl__e9e06d21fb15.js";
import { fw_panel_row__min_plus_u32__row_major__t64u4w16x16__wgsl__b79a937572ab } from "./fw_panel_row__min_plus_u32__row_major__t64u4w16x16__wgsl__b79a937572ab.js";
import { fw_panel_row__or_and_u32__row_major__t64u4w16x16__wgsl__894ff9cf8c73 } from "./fw_panel_row__or_and_u32__row_major__t64u4w16x16__wgsl__894ff9cf8c73.js";
import { fw_pivot__max_min_f32__row_major__t64u1w32x32__wgsl__d918dcf0ffdf } from "./fw_pivot__max_min_f32__row_major__t64u1w32x32__wgsl__d918dcf0ffdf.js";
import { fw_pivot__min_plus_f32__bdl__t64u1w32x32__wgsl__cb1657fb858a } from "./fw_pivot__min_plus_f32__bdl__t64u1w32x32__wgsl__cb1657fb858a.js";
import { fw_pivot__min_plus_f32__row_major__t128u1w32x32__wgsl__cc4c29c2686c } from "./fw_pivot__min_plus_f32__row_major__t128u1w32x32__wgsl__cc4c29c2686c.js";
import { fw_pivot__min_plus_f32__row_major__t64u1w32x32__cuda__e3033f0ed09d } from "./fw_pivot__min_plus_f32__row_major__t64u1w32x32__cuda__e3033f0ed09d.js";
import { fw_pivot__min_plus_f32__row_major__t64u1w32x32__wgsl__96c87ec756eb } from "./fw_pivot__min_plus_f32__row_major__t64u1w32x32__wgsl__96c87ec756eb.js";
import { fw_pivot__min_plus_f32__row_major__t64u1w32x32s__wgsl__dd74de155cc5 } from "./fw_pivot__min_plus_f32__row_major__t64u1w32x32s__wgsl__dd74de155cc5.js";
import { fw_pivot__min_plus_i32__row_major__t64u1w32x32__wgsl__2563dc1ec511 } from "./fw_pivot__min_plus_i32__row_major__t64u1w32x32__wgsl__2563dc1ec511.js";
import { fw_pivot__min_plus_u32__row_major__t64u1w32x32__wgsl__d00dfe270b8e } from "./fw_pivot__min_plus_u32__row_major__t64u1w32x32__wgsl__d00dfe270b8e.js";
import { fw_pivot__or_and_u32__row_major__t64u1w32x32__wgsl__dbe5d909b5a6 } from "./fw_pivot__or_and_u32__row_major__t64u1w32x32__wgsl__dbe5d909b5a6.js";
import { fw_plain__min_plus_f32__row_major__t1u1w16x16__wgsl__f47c11b2b7ff } from "./fw_plain__min_plus_f32__row_major__t1u1w16x16__wgsl__f47c11b2b7ff.js";
import { fw_update__max_min_f32__row_major__t64u4w16x16__wgsl__94601918516e } from "./fw_update__max_min_f32__row_major__t64u4w16x16__wgsl__94601918516e.js";
import { fw_update__min_plus_f32__bdl__t64u4w16x16__wgsl__5396532c74f1 } from "./fw_update__min_plus_f32__bdl__t64u4w16x16__wgsl__5396532c74f1.js";
import { fw_update__min_plus_f32__row_major__t128u4w16x16__wgsl__4790ad0ee99f } from "./fw_update__min_plus_f32__row_major__t128u4w16x16__wgsl__4790ad0ee99f.js";
import { fw_update__min_plus_f32__row_major__t64u4w16x16__cuda__7a2444b63fa3 } from "./fw_update__min_plus_f32__row_major__t64u4w16x16__cuda__7a2444b63fa3.js";
import { fw_update__min_plus_f32__row_major__t64u4w16x16__wgsl__d15ce34235f7 } from "./fw_update__min_plus_f32__row_major__t64u4w16x16__wgsl__d15ce34235f7.js";
import { fw_update__min_plus_f32__row_major__t64u4w16x16s__wgsl__b0f1bcb06eda } from "./fw_update__min_plus_f32__row_major__t64u4w16x16s__wgsl__b0f1bcb06eda.js";
import { fw_update__min_plus_i32__row_major__t64u4w16x16__wgsl__792b5871ce1c } from "./fw_update__min_plus_i32__row_major__t64u4w16x16__wgsl__792b5871ce1c.js";
import { fw_update__min_plus_u32__row_major__t64u4w16x16__wgsl__4807be85df43 } from "./fw_update__min_plus_u32__row_major__t64u4w16x16__wgsl__4807be85df43.js";
import { fw_update__or_and_u32__row_major__t64u4w16x16__wgsl__c86377f4a68e } from "./fw_update__or_and_u32__row_major__t64u4w16x16__wgsl__c86377f4a68e.js";

// Generated by `nx run codegen` from the kernel catalog specs; do not edit.
// CI regenerates this file and fails when it differs from what is checked in.
/** Every kernel generated ahead of time, keyed by kernel id. */
export const CATALOG: Readonly<Record<string, GeneratedKernel>> = {
        "c2ec0aab6a35": fw_panel_col__max_min_f32__row_major__t64u4w16x16__wgsl__c2ec0aab6a35,
        "e73a4eefe3a6": fw_panel_col__min_plus_f32__bdl__t64u4w16x16__wgsl__e73a4eefe3a6,
        "29dd96b5f4e9": fw_panel_col__min_plus_f32__row_major__t128u4w16x16__wgsl__29dd96b5f4e9,
        "33288b52ccc9": fw_panel_col__min_plus_f32__row_major__t64u4w16x16__cuda__33288b52ccc9,
        "c6f23003f92d": fw_panel_col__min_plus_f32__row_major__t64u4w16x16__wgsl__c6f23003f92d,
        "f6df363060ef": fw_panel_col__min_plus_f32__row_major__t64u4w16x16s__wgsl__f6df363060ef,
        "859241973a5b": fw_panel_col__min_plus_i32__row_major__t64u4w16x16__wgsl__859241973a5b,
        "e1975d3070b8": fw_panel_col__min_plus_u32__row_major__t64u4w16x16__wgsl__e1975d3070b8,
        "4ad11aa879c3": fw_panel_col__or_and_u32__row_major__t64u4w16x16__wgsl__4ad11aa879c3,
        "685ece3cd14a": fw_panel_row__max_min_f32__row_major__t64u4w16x16__wgsl__685ece3cd14a,
        "d9a083a9533f": fw_panel_row__min_plus_f32__bdl__t64u4w16x16__wgsl__d9a083a9533f,
        "3be61352260c": fw_panel_row__min_plus_f32__row_major__t128u4w16x16__wgsl__3be61352260c,
        "08f5df39a3b8": fw_panel_row__min_plus_f32__row_major__t64u4w16x16__cuda__08f5df39a3b8,
        "72fef2f16dde": fw_panel_row__min_plus_f32__row_major__t64u4w16x16__wgsl__72fef2f16dde,
        "badbc297a19c": fw_panel_row__min_plus_f32__row_major__t64u4w16x16s__wgsl__badbc297a19c,
        "e9e06d21fb15": fw_panel_row__min_plus_i32__row_major__t64u4w16x16__wgsl__e9e06d21fb15,
        "b79a937572ab": fw_panel_row__min_plus_u32__row_major__t64u4w16x16__wgsl__b79a937572ab,
        "894ff9cf8c73": fw_panel_row__or_and_u32__row_major__t64u4w16x16__wgsl__894ff9cf8c73,
        "d918dcf0ffdf": fw_pivot__max_min_f32__row_major__t64u1w32x32__wgsl__d918dcf0ffdf,
        "cb1657fb858a": fw_pivot__min_plus_f32__bdl__t64u1w32x32__wgsl__cb1657fb858a,
        "cc4c29c2686c": fw_pivot__min_plus_f32__row_major__t128u1w32x32__wgsl__cc4c29c2686c,
        "e3033f0ed09d": fw_pivot__min_plus_f32__row_major__t64u1w32x32__cuda__e3033f0ed09d,
        "96c87ec756eb": fw_pivot__min_plus_f32__row_major__t64u1w32x32__wgsl__96c87ec756eb,
        "dd74de155cc5": fw_pivot__min_plus_f32__row_major__t64u1w32x32s__wgsl__dd74de155cc5,
        "2563dc1ec511": fw_pivot__min_plus_i32__row_major__t64u1w32x32__wgsl__2563dc1ec511,
        "d00dfe270b8e": fw_pivot__min_plus_u32__row_major__t64u1w32x32__wgsl__d00dfe270b8e,
        "dbe5d909b5a6": fw_pivot__or_and_u32__row_major__t64u1w32x32__wgsl__dbe5d909b5a6,
        "f47c11b2b7ff": fw_plain__min_plus_f32__row_major__t1u1w16x16__wgsl__f47c11b2b7ff,
        "94601918516e": fw_update__max_min_f32__row_major__t64u4w16x16__wgsl__94601918516e,
        "5396532c74f1": fw_update__min_plus_f32__bdl__t64u4w16x16__wgsl__5396532c74f1,
        "4790ad0ee99f": fw_update__min_plus_f32__row_major__t128u4w16x16__wgsl__4790ad0ee99f,
        "7a2444b63fa3": fw_update__min_plus_f32__row_major__t64u4w16x16__cuda__7a2444b63fa3,
        "d15ce34235f7": fw_update__min_plus_f32__row_major__t64u4w16x16__wgsl__d15ce34235f7,
        "b0f1bcb06eda": fw_update__min_plus_f32__row_major__t64u4w16x16s__wgsl__b0f1bcb06eda,
        "792b5871ce1c": fw_update__min_plus_i32__row_major__t64u4w16x16__wgsl__792b5871ce1c,
        "4807be85df43": fw_update__min_plus_u32__row_major__t64u4w16x16__wgsl__4807be85df43,
        "c86377f4a68e": fw_update__or_and_u32__row_major__t64u4w16x16__wgsl__c86377f4a68e,
    };
