import type { GeneratedKernel } from "@semiforge/codegen";
import { fw_panel_col__max_min_f32__row_major__t64u4k4w16x16__wgsl__9b1cf6d88293 } from "./fw_panel_col__max_min_f32__row_major__t64u4k4w16x16__wgsl__9b1cf6d88293.js";
import { fw_panel_col__min_plus_f32__bdl__t64u4k4w16x16__wgsl__802eb6323307 } from "./fw_panel_col__min_plus_f32__bdl__t64u4k4w16x16__wgsl__802eb6323307.js";
import { fw_panel_col__min_plus_f32__row_major__t128u4k4w16x16__wgsl__8048a68752df } from "./fw_panel_col__min_plus_f32__row_major__t128u4k4w16x16__wgsl__8048a68752df.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4k4w16x16__cuda__8b2f01fed097 } from "./fw_panel_col__min_plus_f32__row_major__t64u4k4w16x16__cuda__8b2f01fed097.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4k4w16x16__wgsl__95cd93a60665 } from "./fw_panel_col__min_plus_f32__row_major__t64u4k4w16x16__wgsl__95cd93a60665.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4k4w16x16s__wgsl__55bbb7c4bce6 } from "./fw_panel_col__min_plus_f32__row_major__t64u4k4w16x16s__wgsl__55bbb7c4bce6.js";
import { fw_panel_col__min_plus_i32__row_major__t64u4k4w16x16__wgsl__f120672ee9f0 } from "./fw_panel_col__min_plus_i32__row_major__t64u4k4w16x16__wgsl__f120672ee9f0.js";
import { fw_panel_col__min_plus_u32__row_major__t64u4k4w16x16__wgsl__fc3fe9ba7ba7 } from "./fw_panel_col__min_plus_u32__row_major__t64u4k4w16x16__wgsl__fc3fe9ba7ba7.js";
import { fw_panel_col__or_and_u32__row_major__t64u4k4w16x16__wgsl__38339922e89d } from "./fw_panel_col__or_and_u32__row_major__t64u4k4w16x16__wgsl__38339922e89d.js";
import { fw_panel_row__max_min_f32__row_major__t64u4k4w16x16__wgsl__086647c16610 } from "./fw_panel_row__max_min_f32__row_major__t64u4k4w16x16__wgsl__086647c16610.js";
import { fw_panel_row__min_plus_f32__bdl__t64u4k4w16x16__wgsl__262d1494fd14 } from "./fw_panel_row__min_plus_f32__bdl__t64u4k4w16x16__wgsl__262d1494fd14.js";
import { fw_panel_row__min_plus_f32__row_major__t128u4k4w16x16__wgsl__8f28f9cc726e } from "./fw_panel_row__min_plus_f32__row_major__t128u4k4w16x16__wgsl__8f28f9cc726e.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4k4w16x16__cuda__60420d4ed904 } from "./fw_panel_row__min_plus_f32__row_major__t64u4k4w16x16__cuda__60420d4ed904.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4k4w16x16__wgsl__81b89465d416 } from "./fw_panel_row__min_plus_f32__row_major__t64u4k4w16x16__wgsl__81b89465d416.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4k4w16x16s__wgsl__e4a31ea08a76 } from "./fw_panel_row__min_plus_f32__row_major__t64u4k4w16x16s__wgsl__e4a31ea08a76.js";
import { fw_panel_row__min_plus_i32__row_major__t64u4k4w16x16__wgsl__1f25209f22e4 } from "./fw_panel_row__min_plus_i32__row_major__t64u4k4w16x16__wgsl__1f25209f22e4.js";
import { fw_panel_row__min_plus_u32__row_major__t64u4k4w16x16__wgsl__ed3d47b60aee } from "./fw_panel_row__min_plus_u32__row_major__t64u4k4w16x16__wgsl__ed3d47b60aee.js";
import { fw_panel_row__or_and_u32__row_major__t64u4k4w16x16__wgsl__19237c360469 } from "./fw_panel_row__or_and_u32__row_major__t64u4k4w16x16__wgsl__19237c360469.js";
import { fw_pivot__max_min_f32__row_major__t64u1k1w32x32__wgsl__e873c2ac601a } from "./fw_pivot__max_min_f32__row_major__t64u1k1w32x32__wgsl__e873c2ac601a.js";
import { fw_pivot__min_plus_f32__bdl__t64u1k1w32x32__wgsl__1d589afd200c } from "./fw_pivot__min_plus_f32__bdl__t64u1k1w32x32__wgsl__1d589afd200c.js";
import { fw_pivot__min_plus_f32__row_major__t128u1k1w32x32__wgsl__f7e18925c995 } from "./fw_pivot__min_plus_f32__row_major__t128u1k1w32x32__wgsl__f7e18925c995.js";
import { fw_pivot__min_plus_f32__row_major__t64u1k1w32x32__cuda__71b9c2a20d02 } from "./fw_pivot__min_plus_f32__row_major__t64u1k1w32x32__cuda__71b9c2a20d02.js";
import { fw_pivot__min_plus_f32__row_major__t64u1k1w32x32__wgsl__6389e8db9b19 } from "./fw_pivot__min_plus_f32__row_major__t64u1k1w32x32__wgsl__6389e8db9b19.js";
import { fw_pivot__min_plus_f32__row_major__t64u1k1w32x32s__wgsl__d427c3dcb7c4 } from "./fw_pivot__min_plus_f32__row_major__t64u1k1w32x32s__wgsl__d427c3dcb7c4.js";
import { fw_pivot__min_plus_i32__row_major__t64u1k1w32x32__wgsl__7b8a7c7eefa0 } from "./fw_pivot__min_plus_i32__row_major__t64u1k1w32x32__wgsl__7b8a7c7eefa0.js";
import { fw_pivot__min_plus_u32__row_major__t64u1k1w32x32__wgsl__130a89ca4593 } from "./fw_pivot__min_plus_u32__row_major__t64u1k1w32x32__wgsl__130a89ca4593.js";
import { fw_pivot__or_and_u32__row_major__t64u1k1w32x32__wgsl__c9279961f6f6 } from "./fw_pivot__or_and_u32__row_major__t64u1k1w32x32__wgsl__c9279961f6f6.js";
import { fw_plain__min_plus_f32__row_major__t1u1k1w16x16__wgsl__a45821b7edca } from "./fw_plain__min_plus_f32__row_major__t1u1k1w16x16__wgsl__a45821b7edca.js";
import { fw_update__max_min_f32__row_major__t64u4k4w16x16__wgsl__c502dd778247 } from "./fw_update__max_min_f32__row_major__t64u4k4w16x16__wgsl__c502dd778247.js";
import { fw_update__min_plus_f32__bdl__t64u4k4w16x16__wgsl__09020fb38391 } from "./fw_update__min_plus_f32__bdl__t64u4k4w16x16__wgsl__09020fb38391.js";
import { fw_update__min_plus_f32__row_major__t128u4k4w16x16__wgsl__09a193d25cfe } from "./fw_update__min_plus_f32__row_major__t128u4k4w16x16__wgsl__09a193d25cfe.js";
import { fw_update__min_plus_f32__row_major__t64u4k4w16x16__cuda__6fb6438e2cac } from "./fw_update__min_plus_f32__row_major__t64u4k4w16x16__cuda__6fb6438e2cac.js";
import { fw_update__min_plus_f32__row_major__t64u4k4w16x16__wgsl__a62703f353a0 } from "./fw_update__min_plus_f32__row_major__t64u4k4w16x16__wgsl__a62703f353a0.js";
import { fw_update__min_plus_f32__row_major__t64u4k4w16x16s__wgsl__e4660304a5b0 } from "./fw_update__min_plus_f32__row_major__t64u4k4w16x16s__wgsl__e4660304a5b0.js";
import { fw_update__min_plus_i32__row_major__t64u4k4w16x16__wgsl__643526d868bb } from "./fw_update__min_plus_i32__row_major__t64u4k4w16x16__wgsl__643526d868bb.js";
import { fw_update__min_plus_u32__row_major__t64u4k4w16x16__wgsl__1dbb0e04bf4a } from "./fw_update__min_plus_u32__row_major__t64u4k4w16x16__wgsl__1dbb0e04bf4a.js";
import { fw_update__or_and_u32__row_major__t64u4k4w16x16__wgsl__1382c2325121 } from "./fw_update__or_and_u32__row_major__t64u4k4w16x16__wgsl__1382c2325121.js";

// Generated by `nx run codegen` from the kernel catalog specs; do not edit.
// CI regenerates this file and fails when it differs from what is checked in.
/** Every kernel generated ahead of time, keyed by kernel id. */
export const CATALOG: Readonly<Record<string, GeneratedKernel>> = {
        "9b1cf6d88293": fw_panel_col__max_min_f32__row_major__t64u4k4w16x16__wgsl__9b1cf6d88293,
        "802eb6323307": fw_panel_col__min_plus_f32__bdl__t64u4k4w16x16__wgsl__802eb6323307,
        "8048a68752df": fw_panel_col__min_plus_f32__row_major__t128u4k4w16x16__wgsl__8048a68752df,
        "8b2f01fed097": fw_panel_col__min_plus_f32__row_major__t64u4k4w16x16__cuda__8b2f01fed097,
        "95cd93a60665": fw_panel_col__min_plus_f32__row_major__t64u4k4w16x16__wgsl__95cd93a60665,
        "55bbb7c4bce6": fw_panel_col__min_plus_f32__row_major__t64u4k4w16x16s__wgsl__55bbb7c4bce6,
        "f120672ee9f0": fw_panel_col__min_plus_i32__row_major__t64u4k4w16x16__wgsl__f120672ee9f0,
        "fc3fe9ba7ba7": fw_panel_col__min_plus_u32__row_major__t64u4k4w16x16__wgsl__fc3fe9ba7ba7,
        "38339922e89d": fw_panel_col__or_and_u32__row_major__t64u4k4w16x16__wgsl__38339922e89d,
        "086647c16610": fw_panel_row__max_min_f32__row_major__t64u4k4w16x16__wgsl__086647c16610,
        "262d1494fd14": fw_panel_row__min_plus_f32__bdl__t64u4k4w16x16__wgsl__262d1494fd14,
        "8f28f9cc726e": fw_panel_row__min_plus_f32__row_major__t128u4k4w16x16__wgsl__8f28f9cc726e,
        "60420d4ed904": fw_panel_row__min_plus_f32__row_major__t64u4k4w16x16__cuda__60420d4ed904,
        "81b89465d416": fw_panel_row__min_plus_f32__row_major__t64u4k4w16x16__wgsl__81b89465d416,
        "e4a31ea08a76": fw_panel_row__min_plus_f32__row_major__t64u4k4w16x16s__wgsl__e4a31ea08a76,
        "1f25209f22e4": fw_panel_row__min_plus_i32__row_major__t64u4k4w16x16__wgsl__1f25209f22e4,
        "ed3d47b60aee": fw_panel_row__min_plus_u32__row_major__t64u4k4w16x16__wgsl__ed3d47b60aee,
        "19237c360469": fw_panel_row__or_and_u32__row_major__t64u4k4w16x16__wgsl__19237c360469,
        "e873c2ac601a": fw_pivot__max_min_f32__row_major__t64u1k1w32x32__wgsl__e873c2ac601a,
        "1d589afd200c": fw_pivot__min_plus_f32__bdl__t64u1k1w32x32__wgsl__1d589afd200c,
        "f7e18925c995": fw_pivot__min_plus_f32__row_major__t128u1k1w32x32__wgsl__f7e18925c995,
        "71b9c2a20d02": fw_pivot__min_plus_f32__row_major__t64u1k1w32x32__cuda__71b9c2a20d02,
        "6389e8db9b19": fw_pivot__min_plus_f32__row_major__t64u1k1w32x32__wgsl__6389e8db9b19,
        "d427c3dcb7c4": fw_pivot__min_plus_f32__row_major__t64u1k1w32x32s__wgsl__d427c3dcb7c4,
        "7b8a7c7eefa0": fw_pivot__min_plus_i32__row_major__t64u1k1w32x32__wgsl__7b8a7c7eefa0,
        "130a89ca4593": fw_pivot__min_plus_u32__row_major__t64u1k1w32x32__wgsl__130a89ca4593,
        "c9279961f6f6": fw_pivot__or_and_u32__row_major__t64u1k1w32x32__wgsl__c9279961f6f6,
        "a45821b7edca": fw_plain__min_plus_f32__row_major__t1u1k1w16x16__wgsl__a45821b7edca,
        "c502dd778247": fw_update__max_min_f32__row_major__t64u4k4w16x16__wgsl__c502dd778247,
        "09020fb38391": fw_update__min_plus_f32__bdl__t64u4k4w16x16__wgsl__09020fb38391,
        "09a193d25cfe": fw_update__min_plus_f32__row_major__t128u4k4w16x16__wgsl__09a193d25cfe,
        "6fb6438e2cac": fw_update__min_plus_f32__row_major__t64u4k4w16x16__cuda__6fb6438e2cac,
        "a62703f353a0": fw_update__min_plus_f32__row_major__t64u4k4w16x16__wgsl__a62703f353a0,
        "e4660304a5b0": fw_update__min_plus_f32__row_major__t64u4k4w16x16s__wgsl__e4660304a5b0,
        "643526d868bb": fw_update__min_plus_i32__row_major__t64u4k4w16x16__wgsl__643526d868bb,
        "1dbb0e04bf4a": fw_update__min_plus_u32__row_major__t64u4k4w16x16__wgsl__1dbb0e04bf4a,
        "1382c2325121": fw_update__or_and_u32__row_major__t64u4k4w16x16__wgsl__1382c2325121,
    };
