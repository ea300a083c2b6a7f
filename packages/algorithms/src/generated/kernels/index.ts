import type { GeneratedKernel } from "@semiforge/codegen";
import { fw_panel_col__max_min_f32__row_major__t64u4w16x16__wgsl__c2ec0aab6a35 } from "./fw_panel_col__max_min_f32__row_major__t64u4w16x16__wgsl__c2ec0aab6a35.js";
import { fw_panel_col__min_plus_f32__bdl__t64u4w16x16__wgsl__c2e01f26ae8f } from "./fw_panel_col__min_plus_f32__bdl__t64u4w16x16__wgsl__c2e01f26ae8f.js";
import { fw_panel_col__min_plus_f32__row_major__t128u4w16x16__wgsl__91ffddc754f6 } from "./fw_panel_col__min_plus_f32__row_major__t128u4w16x16__wgsl__91ffddc754f6.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4w16x16__cuda__cb9d4d37a66d } from "./fw_panel_col__min_plus_f32__row_major__t64u4w16x16__cuda__cb9d4d37a66d.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4w16x16__wgsl__04ed873f18ad } from "./fw_panel_col__min_plus_f32__row_major__t64u4w16x16__wgsl__04ed873f18ad.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4w16x16s__wgsl__03b3b39a474e } from "./fw_panel_col__min_plus_f32__row_major__t64u4w16x16s__wgsl__03b3b39a474e.js";
import { fw_panel_col__min_plus_i32__row_major__t64u4w16x16__wgsl__859241973a5b } from "./fw_panel_col__min_plus_i32__row_major__t64u4w16x16__wgsl__859241973a5b.js";
import { fw_panel_col__min_plus_u32__row_major__t64u4w16x16__wgsl__e1975d3070b8 } from "./fw_panel_col__min_plus_u32__row_major__t64u4w16x16__wgsl__e1975d3070b8.js";
import { fw_panel_col__or_and_u32__row_major__t64u4w16x16__wgsl__4ad11aa879c3 } from "./fw_panel_col__or_and_u32__row_major__t64u4w16x16__wgsl__4ad11aa879c3.js";
import { fw_panel_row__max_min_f32__row_major__t64u4w16x16__wgsl__685ece3cd14a } from "./fw_panel_row__max_min_f32__row_major__t64u4w16x16__wgsl__685ece3cd14a.js";
import { fw_panel_row__min_plus_f32__bdl__t64u4w16x16__wgsl__166179dffece } from "./fw_panel_row__min_plus_f32__bdl__t64u4w16x16__wgsl__166179dffece.js";
import { fw_panel_row__min_plus_f32__row_major__t128u4w16x16__wgsl__a61cd13f2333 } from "./fw_panel_row__min_plus_f32__row_major__t128u4w16x16__wgsl__a61cd13f2333.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4w16x16__cuda__4cc5e58d64ca } from "./fw_panel_row__min_plus_f32__row_major__t64u4w16x16__cuda__4cc5e58d64ca.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4w16x16__wgsl__3648cef8927f } from "./fw_panel_row__min_plus_f32__row_major__t64u4w16x16__wgsl__3648cef8927f.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4w16x16s__wgsl__f32f272cb7bc } from "./fw_panel_row__min_plus_f32__row_major__t64u4w16x16s__wgsl__f32f272cb7bc.js";
import { fw_panel_row__min_plus_i32__row_major__t64u4w16x16__wgsl__e9e06d21fb15 } from "./fw_panel_row__min_plus_i32__row_major__t64u4w16x16__wgsl__e9e06d21fb15.js";
import { fw_panel_row__min_plus_u32__row_major__t64u4w16x16__wgsl__b79a937572ab } from "./fw_panel_row__min_plus_u32__row_major__t64u4w16x16__wgsl__b79a937572ab.js";
import { fw_panel_row__or_and_u32__row_major__t64u4w16x16__wgsl__894ff9cf8c73 } from "./fw_panel_row__or_and_u32__row_major__t64u4w16x16__wgsl__894ff9cf8c73.js";
import { fw_pivot__max_min_f32__row_major__t64u1w32x32__wgsl__d918dcf0ffdf } from "./fw_pivot__max_min_f32__row_major__t64u1w32x32__wgsl__d918dcf0ffdf.js";
import { fw_pivot__min_plus_f32__bdl__t64u1w32x32__wgsl__de32d8b5b236 } from "./fw_pivot__min_plus_f32__bdl__t64u1w32x32__wgsl__de32d8b5b236.js";
import { fw_pivot__min_plus_f32__row_major__t128u1w32x32__wgsl__c1795f6dd1b8 } from "./fw_pivot__min_plus_f32__row_major__t128u1w32x32__wgsl__c1795f6dd1b8.js";
import { fw_pivot__min_plus_f32__row_major__t64u1w32x32__cuda__f3e8ccb182f3 } from "./fw_pivot__min_plus_f32__row_major__t64u1w32x32__cuda__f3e8ccb182f3.js";
import { fw_pivot__min_plus_f32__row_major__t64u1w32x32__wgsl__a5728bd3d791 } from "./fw_pivot__min_plus_f32__row_major__t64u1w32x32__wgsl__a5728bd3d791.js";
import { fw_pivot__min_plus_f32__row_major__t64u1w32x32s__wgsl__e09279b7cd86 } from "./fw_pivot__min_plus_f32__row_major__t64u1w32x32s__wgsl__e09279b7cd86.js";
import { fw_pivot__min_plus_i32__row_major__t64u1w32x32__wgsl__2563dc1ec511 } from "./fw_pivot__min_plus_i32__row_major__t64u1w32x32__wgsl__2563dc1ec511.js";
import { fw_pivot__min_plus_u32__row_major__t64u1w32x32__wgsl__d00dfe270b8e } from "./fw_pivot__min_plus_u32__row_major__t64u1w32x32__wgsl__d00dfe270b8e.js";
import { fw_pivot__or_and_u32__row_major__t64u1w32x32__wgsl__dbe5d909b5a6 } from "./fw_pivot__or_and_u32__row_major__t64u1w32x32__wgsl__dbe5d909b5a6.js";
import { fw_plain__min_plus_f32__row_major__t1u1w16x16__wgsl__aab8a31570b7 } from "./fw_plain__min_plus_f32__row_major__t1u1w16x16__wgsl__aab8a31570b7.js";
import { fw_update__max_min_f32__row_major__t64u4w16x16__wgsl__94601918516e } from "./fw_update__max_min_f32__row_major__t64u4w16x16__wgsl__94601918516e.js";
import { fw_update__min_plus_f32__bdl__t64u4w16x16__wgsl__273d002810d1 } from "./fw_update__min_plus_f32__bdl__t64u4w16x16__wgsl__273d002810d1.js";
import { fw_update__min_plus_f32__row_major__t128u4w16x16__wgsl__42ed75e7671a } from "./fw_update__min_plus_f32__row_major__t128u4w16x16__wgsl__42ed75e7671a.js";
import { fw_update__min_plus_f32__row_major__t64u4w16x16__cuda__75dc3e12b3ef } from "./fw_update__min_plus_f32__row_major__t64u4w16x16__cuda__75dc3e12b3ef.js";
import { fw_update__min_plus_f32__row_major__t64u4w16x16__wgsl__cd534c79b9d1 } from "./fw_update__min_plus_f32__row_major__t64u4w16x16__wgsl__cd534c79b9d1.js";
import { fw_update__min_plus_f32__row_major__t64u4w16x16s__wgsl__8bbf3d1f4053 } from "./fw_update__min_plus_f32__row_major__t64u4w16x16s__wgsl__8bbf3d1f4053.js";
import { fw_update__min_plus_i32__row_major__t64u4w16x16__wgsl__792b5871ce1c } from "./fw_update__min_plus_i32__row_major__t64u4w16x16__wgsl__792b5871ce1c.js";
import { fw_update__min_plus_u32__row_major__t64u4w16x16__wgsl__4807be85df43 } from "./fw_update__min_plus_u32__row_major__t64u4w16x16__wgsl__4807be85df43.js";
import { fw_update__or_and_u32__row_major__t64u4w16x16__wgsl__c86377f4a68e } from "./fw_update__or_and_u32__row_major__t64u4w16x16__wgsl__c86377f4a68e.js";

// Generated by `nx run codegen` from the kernel catalog specs; do not edit.
// CI regenerates this file and fails when it differs from what is checked in.
/** Every kernel generated ahead of time, keyed by kernel id. */
export const CATALOG: Readonly<Record<string, GeneratedKernel>> = {
        "c2ec0aab6a35": fw_panel_col__max_min_f32__row_major__t64u4w16x16__wgsl__c2ec0aab6a35,
        "c2e01f26ae8f": fw_panel_col__min_plus_f32__bdl__t64u4w16x16__wgsl__c2e01f26ae8f,
        "91ffddc754f6": fw_panel_col__min_plus_f32__row_major__t128u4w16x16__wgsl__91ffddc754f6,
        "cb9d4d37a66d": fw_panel_col__min_plus_f32__row_major__t64u4w16x16__cuda__cb9d4d37a66d,
        "04ed873f18ad": fw_panel_col__min_plus_f32__row_major__t64u4w16x16__wgsl__04ed873f18ad,
        "03b3b39a474e": fw_panel_col__min_plus_f32__row_major__t64u4w16x16s__wgsl__03b3b39a474e,
        "859241973a5b": fw_panel_col__min_plus_i32__row_major__t64u4w16x16__wgsl__859241973a5b,
        "e1975d3070b8": fw_panel_col__min_plus_u32__row_major__t64u4w16x16__wgsl__e1975d3070b8,
        "4ad11aa879c3": fw_panel_col__or_and_u32__row_major__t64u4w16x16__wgsl__4ad11aa879c3,
        "685ece3cd14a": fw_panel_row__max_min_f32__row_major__t64u4w16x16__wgsl__685ece3cd14a,
        "166179dffece": fw_panel_row__min_plus_f32__bdl__t64u4w16x16__wgsl__166179dffece,
        "a61cd13f2333": fw_panel_row__min_plus_f32__row_major__t128u4w16x16__wgsl__a61cd13f2333,
        "4cc5e58d64ca": fw_panel_row__min_plus_f32__row_major__t64u4w16x16__cuda__4cc5e58d64ca,
        "3648cef8927f": fw_panel_row__min_plus_f32__row_major__t64u4w16x16__wgsl__3648cef8927f,
        "f32f272cb7bc": fw_panel_row__min_plus_f32__row_major__t64u4w16x16s__wgsl__f32f272cb7bc,
        "e9e06d21fb15": fw_panel_row__min_plus_i32__row_major__t64u4w16x16__wgsl__e9e06d21fb15,
        "b79a937572ab": fw_panel_row__min_plus_u32__row_major__t64u4w16x16__wgsl__b79a937572ab,
        "894ff9cf8c73": fw_panel_row__or_and_u32__row_major__t64u4w16x16__wgsl__894ff9cf8c73,
        "d918dcf0ffdf": fw_pivot__max_min_f32__row_major__t64u1w32x32__wgsl__d918dcf0ffdf,
        "de32d8b5b236": fw_pivot__min_plus_f32__bdl__t64u1w32x32__wgsl__de32d8b5b236,
        "c1795f6dd1b8": fw_pivot__min_plus_f32__row_major__t128u1w32x32__wgsl__c1795f6dd1b8,
        "f3e8ccb182f3": fw_pivot__min_plus_f32__row_major__t64u1w32x32__cuda__f3e8ccb182f3,
        "a5728bd3d791": fw_pivot__min_plus_f32__row_major__t64u1w32x32__wgsl__a5728bd3d791,
        "e09279b7cd86": fw_pivot__min_plus_f32__row_major__t64u1w32x32s__wgsl__e09279b7cd86,
        "2563dc1ec511": fw_pivot__min_plus_i32__row_major__t64u1w32x32__wgsl__2563dc1ec511,
        "d00dfe270b8e": fw_pivot__min_plus_u32__row_major__t64u1w32x32__wgsl__d00dfe270b8e,
        "dbe5d909b5a6": fw_pivot__or_and_u32__row_major__t64u1w32x32__wgsl__dbe5d909b5a6,
        "aab8a31570b7": fw_plain__min_plus_f32__row_major__t1u1w16x16__wgsl__aab8a31570b7,
        "94601918516e": fw_update__max_min_f32__row_major__t64u4w16x16__wgsl__94601918516e,
        "273d002810d1": fw_update__min_plus_f32__bdl__t64u4w16x16__wgsl__273d002810d1,
        "42ed75e7671a": fw_update__min_plus_f32__row_major__t128u4w16x16__wgsl__42ed75e7671a,
        "75dc3e12b3ef": fw_update__min_plus_f32__row_major__t64u4w16x16__cuda__75dc3e12b3ef,
        "cd534c79b9d1": fw_update__min_plus_f32__row_major__t64u4w16x16__wgsl__cd534c79b9d1,
        "8bbf3d1f4053": fw_update__min_plus_f32__row_major__t64u4w16x16s__wgsl__8bbf3d1f4053,
        "792b5871ce1c": fw_update__min_plus_i32__row_major__t64u4w16x16__wgsl__792b5871ce1c,
        "4807be85df43": fw_update__min_plus_u32__row_major__t64u4w16x16__wgsl__4807be85df43,
        "c86377f4a68e": fw_update__or_and_u32__row_major__t64u4w16x16__wgsl__c86377f4a68e,
    };
