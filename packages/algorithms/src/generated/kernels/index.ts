import type { GeneratedKernel } from "@semiforge/codegen";
import { fw_panel_col__max_min_f32__row_major__t64u4k4c8w16x16__wgsl__eda82027b8ee } from "./fw_panel_col__max_min_f32__row_major__t64u4k4c8w16x16__wgsl__eda82027b8ee.js";
import { fw_panel_col__min_plus_f32__bdl__t64u4k4c8w16x16__wgsl__6c8a5b34e63f } from "./fw_panel_col__min_plus_f32__bdl__t64u4k4c8w16x16__wgsl__6c8a5b34e63f.js";
import { fw_panel_col__min_plus_f32__row_major__t128u4k4c8w16x16__wgsl__01f7dca9307f } from "./fw_panel_col__min_plus_f32__row_major__t128u4k4c8w16x16__wgsl__01f7dca9307f.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__025388080b6c } from "./fw_panel_col__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__025388080b6c.js";
import { fw_panel_col__min_plus_f32__row_major__t64u4k4c8w16x16s__wgsl__cf8ce0d0f9ec } from "./fw_panel_col__min_plus_f32__row_major__t64u4k4c8w16x16s__wgsl__cf8ce0d0f9ec.js";
import { fw_panel_col__min_plus_i32__row_major__t64u4k4c8w16x16__wgsl__29c9309531b9 } from "./fw_panel_col__min_plus_i32__row_major__t64u4k4c8w16x16__wgsl__29c9309531b9.js";
import { fw_panel_col__min_plus_u32__row_major__t64u4k4c8w16x16__wgsl__fc0bb3abd594 } from "./fw_panel_col__min_plus_u32__row_major__t64u4k4c8w16x16__wgsl__fc0bb3abd594.js";
import { fw_panel_col__or_and_u32__row_major__t64u4k4c8w16x16__wgsl__e79c1a93139d } from "./fw_panel_col__or_and_u32__row_major__t64u4k4c8w16x16__wgsl__e79c1a93139d.js";
import { fw_panel_row__max_min_f32__row_major__t64u4k4c8w16x16__wgsl__3ac301cdd29c } from "./fw_panel_row__max_min_f32__row_major__t64u4k4c8w16x16__wgsl__3ac301cdd29c.js";
import { fw_panel_row__min_plus_f32__bdl__t64u4k4c8w16x16__wgsl__4cb8d81b3e6d } from "./fw_panel_row__min_plus_f32__bdl__t64u4k4c8w16x16__wgsl__4cb8d81b3e6d.js";
import { fw_panel_row__min_plus_f32__row_major__t128u4k4c8w16x16__wgsl__e68d3ce62ee6 } from "./fw_panel_row__min_plus_f32__row_major__t128u4k4c8w16x16__wgsl__e68d3ce62ee6.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__a790c5906071 } from "./fw_panel_row__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__a790c5906071.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4k4c8w16x16p__cuda__d351aa31daf7 } from "./fw_panel_row__min_plus_f32__row_major__t64u4k4c8w16x16p__cuda__d351aa31daf7.js";
import { fw_panel_row__min_plus_f32__row_major__t64u4k4c8w16x16s__wgsl__5c5b1680e2fc } from "./fw_panel_row__min_plus_f32__row_major__t64u4k4c8w16x16s__wgsl__5c5b1680e2fc.js";
import { fw_panel_row__min_plus_i32__row_major__t64u4k4c8w16x16__wgsl__ea10a2b0e7af } from "./fw_panel_row__min_plus_i32__row_major__t64u4k4c8w16x16__wgsl__ea10a2b0e7af.js";
import { fw_panel_row__min_plus_u32__row_major__t64u4k4c8w16x16__wgsl__4552d47a9e6b } from "./fw_panel_row__min_plus_u32__row_major__t64u4k4c8w16x16__wgsl__4552d47a9e6b.js";
import { fw_panel_row__or_and_u32__row_major__t64u4k4c8w16x16__wgsl__f16ca8d87b4d } from "./fw_panel_row__or_and_u32__row_major__t64u4k4c8w16x16__wgsl__f16ca8d87b4d.js";
import { fw_pivot__max_min_f32__row_major__t64u1k1c1w32x32__wgsl__645cddad9b6c } from "./fw_pivot__max_min_f32__row_major__t64u1k1c1w32x32__wgsl__645cddad9b6c.js";
import { fw_pivot__min_plus_f32__bdl__t64u1k1c1w32x32__wgsl__293bd0ab800d } from "./fw_pivot__min_plus_f32__bdl__t64u1k1c1w32x32__wgsl__293bd0ab800d.js";
import { fw_pivot__min_plus_f32__row_major__t128u1k1c1w16x16__wgsl__a137016e58ff } from "./fw_pivot__min_plus_f32__row_major__t128u1k1c1w16x16__wgsl__a137016e58ff.js";
import { fw_pivot__min_plus_f32__row_major__t64u1k1c1w32x32__cuda__a88a2321e320 } from "./fw_pivot__min_plus_f32__row_major__t64u1k1c1w32x32__cuda__a88a2321e320.js";
import { fw_pivot__min_plus_f32__row_major__t64u1k1c1w32x32__wgsl__9f060bd55584 } from "./fw_pivot__min_plus_f32__row_major__t64u1k1c1w32x32__wgsl__9f060bd55584.js";
import { fw_pivot__min_plus_f32__row_major__t64u1k1c1w32x32s__wgsl__1667375a9505 } from "./fw_pivot__min_plus_f32__row_major__t64u1k1c1w32x32s__wgsl__1667375a9505.js";
import { fw_pivot__min_plus_i32__row_major__t64u1k1c1w32x32__wgsl__20f19516871f } from "./fw_pivot__min_plus_i32__row_major__t64u1k1c1w32x32__wgsl__20f19516871f.js";
import { fw_pivot__min_plus_u32__row_major__t64u1k1c1w32x32__wgsl__60c3eb5c4648 } from "./fw_pivot__min_plus_u32__row_major__t64u1k1c1w32x32__wgsl__60c3eb5c4648.js";
import { fw_pivot__or_and_u32__row_major__t64u1k1c1w32x32__wgsl__0ff0a9428a30 } from "./fw_pivot__or_and_u32__row_major__t64u1k1c1w32x32__wgsl__0ff0a9428a30.js";
import { fw_plain__min_plus_f32__row_major__t1u1k1c1w16x16__wgsl__6d9cd739bf00 } from "./fw_plain__min_plus_f32__row_major__t1u1k1c1w16x16__wgsl__6d9cd739bf00.js";
import { fw_update__max_min_f32__row_major__t64u4k4c8w16x16__wgsl__b415de25b457 } from "./fw_update__max_min_f32__row_major__t64u4k4c8w16x16__wgsl__b415de25b457.js";
import { fw_update__min_plus_f32__bdl__t64u4k4c8w16x16__wgsl__f3aa6204456a } from "./fw_update__min_plus_f32__bdl__t64u4k4c8w16x16__wgsl__f3aa6204456a.js";
import { fw_update__min_plus_f32__row_major__t128u4k4c8w8x16__wgsl__48921c2712c0 } from "./fw_update__min_plus_f32__row_major__t128u4k4c8w8x16__wgsl__48921c2712c0.js";
import { fw_update__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__e719b740a0cc } from "./fw_update__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__e719b740a0cc.js";
import { fw_update__min_plus_f32__row_major__t64u4k4c8w16x16s__wgsl__e5440bccefa7 } from "./fw_update__min_plus_f32__row_major__t64u4k4c8w16x16s__wgsl__e5440bccefa7.js";
import { fw_update__min_plus_f32__row_major__t64u4k8c8w16x16r__cuda__67f715ee6fb1 } from "./fw_update__min_plus_f32__row_major__t64u4k8c8w16x16r__cuda__67f715ee6fb1.js";
import { fw_update__min_plus_i32__row_major__t64u4k4c8w16x16__wgsl__c526ef8cee1f } from "./fw_update__min_plus_i32__row_major__t64u4k4c8w16x16__wgsl__c526ef8cee1f.js";
import { fw_update__min_plus_u32__row_major__t64u4k4c8w16x16__wgsl__7227775c47c9 } from "./fw_update__min_plus_u32__row_major__t64u4k4c8w16x16__wgsl__7227775c47c9.js";
import { fw_update__or_and_u32__row_major__t64u4k4c8w16x16__wgsl__e793704d2fa7 } from "./fw_update__or_and_u32__row_major__t64u4k4c8w16x16__wgsl__e793704d2fa7.js";
import { spmv_csr_merge__max_min_f32__set__r256l1sgi7__wgsl__1307a61738bb } from "./spmv_csr_merge__max_min_f32__set__r256l1sgi7__wgsl__1307a61738bb.js";
import { spmv_csr_merge__min_plus_f32__set__r256l1sgi7__wgsl__1f317b22304a } from "./spmv_csr_merge__min_plus_f32__set__r256l1sgi7__wgsl__1f317b22304a.js";
import { spmv_csr_merge__or_and_u32__set__r256l1sgi7__wgsl__dba67c143aef } from "./spmv_csr_merge__or_and_u32__set__r256l1sgi7__wgsl__dba67c143aef.js";
import { spmv_csr_merge__plus_times_f32__set__r256l1sgi7__wgsl__f3bedef37e1e } from "./spmv_csr_merge__plus_times_f32__set__r256l1sgi7__wgsl__f3bedef37e1e.js";
import { spmv_csr_merge__plus_times_f32__set__r256l1sgi7g__cuda__efbce20b8ae5 } from "./spmv_csr_merge__plus_times_f32__set__r256l1sgi7g__cuda__efbce20b8ae5.js";
import { spmv_csr_merge__plus_times_f32__set_pattern__r256l1sgi7__wgsl__533937309ea0 } from "./spmv_csr_merge__plus_times_f32__set_pattern__r256l1sgi7__wgsl__533937309ea0.js";
import { spmv_csr_merge__plus_times_f32__set_pattern__r256l1sgi7g__cuda__0ddae80113bd } from "./spmv_csr_merge__plus_times_f32__set_pattern__r256l1sgi7g__cuda__0ddae80113bd.js";
import { spmv_csr_scalar__max_min_f32__set__r256l1__wgsl__cbf571ba0317 } from "./spmv_csr_scalar__max_min_f32__set__r256l1__wgsl__cbf571ba0317.js";
import { spmv_csr_scalar__min_plus_f32__set__r256l1__wgsl__a178a882bed6 } from "./spmv_csr_scalar__min_plus_f32__set__r256l1__wgsl__a178a882bed6.js";
import { spmv_csr_scalar__or_and_u32__set__r256l1__wgsl__5722eaefd667 } from "./spmv_csr_scalar__or_and_u32__set__r256l1__wgsl__5722eaefd667.js";
import { spmv_csr_scalar__plus_times_f32__set__r256l1__wgsl__deb12a857fe8 } from "./spmv_csr_scalar__plus_times_f32__set__r256l1__wgsl__deb12a857fe8.js";
import { spmv_csr_scalar__plus_times_f32__set__r256l1g__cuda__7f2eb126586f } from "./spmv_csr_scalar__plus_times_f32__set__r256l1g__cuda__7f2eb126586f.js";
import { spmv_csr_scalar__plus_times_f32__set_pattern__r256l1__wgsl__8708d8e1efc5 } from "./spmv_csr_scalar__plus_times_f32__set_pattern__r256l1__wgsl__8708d8e1efc5.js";
import { spmv_csr_scalar__plus_times_f32__set_pattern__r256l1g__cuda__ffa290ff50bc } from "./spmv_csr_scalar__plus_times_f32__set_pattern__r256l1g__cuda__ffa290ff50bc.js";
import { spmv_csr_stream__max_min_f32__set__r256l1i8__wgsl__34ec4ed6703c } from "./spmv_csr_stream__max_min_f32__set__r256l1i8__wgsl__34ec4ed6703c.js";
import { spmv_csr_stream__min_plus_f32__set__r256l1i8__wgsl__269515052464 } from "./spmv_csr_stream__min_plus_f32__set__r256l1i8__wgsl__269515052464.js";
import { spmv_csr_stream__or_and_u32__set__r256l1i8__wgsl__5a0ec0b5a640 } from "./spmv_csr_stream__or_and_u32__set__r256l1i8__wgsl__5a0ec0b5a640.js";
import { spmv_csr_stream__plus_times_f32__set__r256l1i8__wgsl__aa1ee86ab7e5 } from "./spmv_csr_stream__plus_times_f32__set__r256l1i8__wgsl__aa1ee86ab7e5.js";
import { spmv_csr_stream__plus_times_f32__set__r256l1i8g__cuda__b602aa960d82 } from "./spmv_csr_stream__plus_times_f32__set__r256l1i8g__cuda__b602aa960d82.js";
import { spmv_csr_stream__plus_times_f32__set_pattern__r256l1i8__wgsl__3d4a5077cc45 } from "./spmv_csr_stream__plus_times_f32__set_pattern__r256l1i8__wgsl__3d4a5077cc45.js";
import { spmv_csr_stream__plus_times_f32__set_pattern__r256l1i8g__cuda__2bdec64be69f } from "./spmv_csr_stream__plus_times_f32__set_pattern__r256l1i8g__cuda__2bdec64be69f.js";
import { spmv_csr_vector__max_min_f32__set__r16l16sg__wgsl__fc2498f71fe0 } from "./spmv_csr_vector__max_min_f32__set__r16l16sg__wgsl__fc2498f71fe0.js";
import { spmv_csr_vector__max_min_f32__set__r32l8sg__wgsl__10a7266b190e } from "./spmv_csr_vector__max_min_f32__set__r32l8sg__wgsl__10a7266b190e.js";
import { spmv_csr_vector__max_min_f32__set__r8l32sg__wgsl__d78b8d88fc0a } from "./spmv_csr_vector__max_min_f32__set__r8l32sg__wgsl__d78b8d88fc0a.js";
import { spmv_csr_vector__min_plus_f32__set__r16l16sg__wgsl__a047130cecc8 } from "./spmv_csr_vector__min_plus_f32__set__r16l16sg__wgsl__a047130cecc8.js";
import { spmv_csr_vector__min_plus_f32__set__r32l8sg__wgsl__f3caa8c8a992 } from "./spmv_csr_vector__min_plus_f32__set__r32l8sg__wgsl__f3caa8c8a992.js";
import { spmv_csr_vector__min_plus_f32__set__r8l32sg__wgsl__d81126976691 } from "./spmv_csr_vector__min_plus_f32__set__r8l32sg__wgsl__d81126976691.js";
import { spmv_csr_vector__or_and_u32__set__r16l16sg__wgsl__03c3217fbc76 } from "./spmv_csr_vector__or_and_u32__set__r16l16sg__wgsl__03c3217fbc76.js";
import { spmv_csr_vector__or_and_u32__set__r32l8sg__wgsl__aad54505c5c5 } from "./spmv_csr_vector__or_and_u32__set__r32l8sg__wgsl__aad54505c5c5.js";
import { spmv_csr_vector__or_and_u32__set__r8l32sg__wgsl__1105a76300f1 } from "./spmv_csr_vector__or_and_u32__set__r8l32sg__wgsl__1105a76300f1.js";
import { spmv_csr_vector__plus_times_f32__set__r16l16sg__wgsl__47fb4af17956 } from "./spmv_csr_vector__plus_times_f32__set__r16l16sg__wgsl__47fb4af17956.js";
import { spmv_csr_vector__plus_times_f32__set__r32l8sg__wgsl__8a2a9f898076 } from "./spmv_csr_vector__plus_times_f32__set__r32l8sg__wgsl__8a2a9f898076.js";
import { spmv_csr_vector__plus_times_f32__set__r8l32sg__wgsl__224fac330d64 } from "./spmv_csr_vector__plus_times_f32__set__r8l32sg__wgsl__224fac330d64.js";
import { spmv_csr_vector__plus_times_f32__set__r8l32sgg__cuda__3e0eb60ee8cc } from "./spmv_csr_vector__plus_times_f32__set__r8l32sgg__cuda__3e0eb60ee8cc.js";
import { spmv_csr_vector__plus_times_f32__set_pattern__r16l16sg__wgsl__92a24a8056fb } from "./spmv_csr_vector__plus_times_f32__set_pattern__r16l16sg__wgsl__92a24a8056fb.js";
import { spmv_csr_vector__plus_times_f32__set_pattern__r32l8sg__wgsl__8737a3ba1660 } from "./spmv_csr_vector__plus_times_f32__set_pattern__r32l8sg__wgsl__8737a3ba1660.js";
import { spmv_csr_vector__plus_times_f32__set_pattern__r8l32sg__wgsl__35144d461979 } from "./spmv_csr_vector__plus_times_f32__set_pattern__r8l32sg__wgsl__35144d461979.js";
import { spmv_csr_vector__plus_times_f32__set_pattern__r8l32sgg__cuda__5e75e3ccacbd } from "./spmv_csr_vector__plus_times_f32__set_pattern__r8l32sgg__cuda__5e75e3ccacbd.js";
import { spmv_ell__max_min_f32__set__r256l1__wgsl__99f3c8d59089 } from "./spmv_ell__max_min_f32__set__r256l1__wgsl__99f3c8d59089.js";
import { spmv_ell__min_plus_f32__set__r256l1__wgsl__5a3bb91a0f49 } from "./spmv_ell__min_plus_f32__set__r256l1__wgsl__5a3bb91a0f49.js";
import { spmv_ell__or_and_u32__set__r256l1__wgsl__a21289e70e36 } from "./spmv_ell__or_and_u32__set__r256l1__wgsl__a21289e70e36.js";
import { spmv_ell__plus_times_f32__set__r256l1__wgsl__81665c5de83c } from "./spmv_ell__plus_times_f32__set__r256l1__wgsl__81665c5de83c.js";
import { spmv_ell__plus_times_f32__set__r256l1g__cuda__05b460f5c373 } from "./spmv_ell__plus_times_f32__set__r256l1g__cuda__05b460f5c373.js";
import { spmv_ell__plus_times_f32__set_pattern__r256l1__wgsl__1e7368964d84 } from "./spmv_ell__plus_times_f32__set_pattern__r256l1__wgsl__1e7368964d84.js";
import { spmv_ell__plus_times_f32__set_pattern__r256l1g__cuda__3aa7875bfd1a } from "./spmv_ell__plus_times_f32__set_pattern__r256l1g__cuda__3aa7875bfd1a.js";
import { spmv_fold_combine__plus_times_f32__acc__r8l32sg__wgsl__ea198236154c } from "./spmv_fold_combine__plus_times_f32__acc__r8l32sg__wgsl__ea198236154c.js";
import { spmv_fold_combine__plus_times_f32__acc__r8l32sgg__cuda__f595ccd05a49 } from "./spmv_fold_combine__plus_times_f32__acc__r8l32sgg__cuda__f595ccd05a49.js";
import { spmv_merge_fixup__max_min_f32__acc__r256l1__wgsl__b4bbec0ccd98 } from "./spmv_merge_fixup__max_min_f32__acc__r256l1__wgsl__b4bbec0ccd98.js";
import { spmv_merge_fixup__min_plus_f32__acc__r256l1__wgsl__1beff2f926a4 } from "./spmv_merge_fixup__min_plus_f32__acc__r256l1__wgsl__1beff2f926a4.js";
import { spmv_merge_fixup__or_and_u32__acc__r256l1__wgsl__f7023ebf71ab } from "./spmv_merge_fixup__or_and_u32__acc__r256l1__wgsl__f7023ebf71ab.js";
import { spmv_merge_fixup__plus_times_f32__acc__r256l1__wgsl__08fffa07b289 } from "./spmv_merge_fixup__plus_times_f32__acc__r256l1__wgsl__08fffa07b289.js";
import { spmv_merge_fixup__plus_times_f32__acc__r256l1g__cuda__b5ad9b5dc305 } from "./spmv_merge_fixup__plus_times_f32__acc__r256l1g__cuda__b5ad9b5dc305.js";
import { spmv_sell__plus_times_f32__set__r256l1c32__wgsl__8eda18f7cef8 } from "./spmv_sell__plus_times_f32__set__r256l1c32__wgsl__8eda18f7cef8.js";
import { spmv_sell__plus_times_f32__set__r256l1c32g__cuda__19a1cd423269 } from "./spmv_sell__plus_times_f32__set__r256l1c32g__cuda__19a1cd423269.js";
import { spmv_sell__plus_times_f32__set__r256l1c32p__wgsl__9d4c581da001 } from "./spmv_sell__plus_times_f32__set__r256l1c32p__wgsl__9d4c581da001.js";
import { spmv_sell__plus_times_f32__set__r256l1c32pfw__wgsl__88605c948ae4 } from "./spmv_sell__plus_times_f32__set__r256l1c32pfw__wgsl__88605c948ae4.js";
import { spmv_sell__plus_times_f32__set__r256l1c32pfwgs__cuda__82661974fbe1 } from "./spmv_sell__plus_times_f32__set__r256l1c32pfwgs__cuda__82661974fbe1.js";
import { spmv_sell__plus_times_f32__set__r256l1c32pg__cuda__87365355d2f0 } from "./spmv_sell__plus_times_f32__set__r256l1c32pg__cuda__87365355d2f0.js";
import { spmv_sell__plus_times_f32__set_pattern__r256l1c32__wgsl__406e44592e29 } from "./spmv_sell__plus_times_f32__set_pattern__r256l1c32__wgsl__406e44592e29.js";
import { spmv_sell__plus_times_f32__set_pattern__r256l1c32g__cuda__c3a09801846b } from "./spmv_sell__plus_times_f32__set_pattern__r256l1c32g__cuda__c3a09801846b.js";
import { spmv_sell__plus_times_f32__set_pattern__r256l1c32p__wgsl__8a0bc7a85497 } from "./spmv_sell__plus_times_f32__set_pattern__r256l1c32p__wgsl__8a0bc7a85497.js";
import { spmv_sell__plus_times_f32__set_pattern__r256l1c32pfw__wgsl__323576939962 } from "./spmv_sell__plus_times_f32__set_pattern__r256l1c32pfw__wgsl__323576939962.js";
import { spmv_sell__plus_times_f32__set_pattern__r256l1c32pfwgs__cuda__3e6da136e780 } from "./spmv_sell__plus_times_f32__set_pattern__r256l1c32pfwgs__cuda__3e6da136e780.js";
import { spmv_sell__plus_times_f32__set_pattern__r256l1c32pg__cuda__62db906699e6 } from "./spmv_sell__plus_times_f32__set_pattern__r256l1c32pg__cuda__62db906699e6.js";
import { sssp_advance__min_plus_f32__dir__w256l16c256__cuda__7d2d0454082e } from "./sssp_advance__min_plus_f32__dir__w256l16c256__cuda__7d2d0454082e.js";
import { sssp_advance__min_plus_f32__dir__w256l16c256__wgsl__25f35cca777c } from "./sssp_advance__min_plus_f32__dir__w256l16c256__wgsl__25f35cca777c.js";
import { sssp_advance__min_plus_f32__dir__w256l16c256d__cuda__e72035d66633 } from "./sssp_advance__min_plus_f32__dir__w256l16c256d__cuda__e72035d66633.js";
import { sssp_advance__min_plus_f32__dir__w256l16c256d__wgsl__98b2d763cfc9 } from "./sssp_advance__min_plus_f32__dir__w256l16c256d__wgsl__98b2d763cfc9.js";
import { sssp_advance__min_plus_f32__dir__w256l16c32__cuda__aeacb461cd4c } from "./sssp_advance__min_plus_f32__dir__w256l16c32__cuda__aeacb461cd4c.js";
import { sssp_advance__min_plus_f32__dir__w256l16c32__wgsl__f4a7f0432929 } from "./sssp_advance__min_plus_f32__dir__w256l16c32__wgsl__f4a7f0432929.js";
import { sssp_advance__min_plus_f32__dir__w256l16c64dg__wgsl__957dcf1ae9cd } from "./sssp_advance__min_plus_f32__dir__w256l16c64dg__wgsl__957dcf1ae9cd.js";
import { sssp_advance__min_plus_f32__dir__w256l2c32__cuda__b42089953550 } from "./sssp_advance__min_plus_f32__dir__w256l2c32__cuda__b42089953550.js";
import { sssp_advance__min_plus_f32__dir__w256l2c32__wgsl__603d97c6919b } from "./sssp_advance__min_plus_f32__dir__w256l2c32__wgsl__603d97c6919b.js";
import { sssp_advance__min_plus_u32__dir__w256l16c128dg__wgsl__1a1777c99cc4 } from "./sssp_advance__min_plus_u32__dir__w256l16c128dg__wgsl__1a1777c99cc4.js";
import { sssp_advance__min_plus_u32__dir__w256l16c256__cuda__e6e166fc871d } from "./sssp_advance__min_plus_u32__dir__w256l16c256__cuda__e6e166fc871d.js";
import { sssp_advance__min_plus_u32__dir__w256l16c256__wgsl__7934dee53d71 } from "./sssp_advance__min_plus_u32__dir__w256l16c256__wgsl__7934dee53d71.js";
import { sssp_advance__min_plus_u32__dir__w256l16c256d__cuda__e205d8ed2431 } from "./sssp_advance__min_plus_u32__dir__w256l16c256d__cuda__e205d8ed2431.js";
import { sssp_advance__min_plus_u32__dir__w256l16c256d__wgsl__b1bf1f7581c6 } from "./sssp_advance__min_plus_u32__dir__w256l16c256d__wgsl__b1bf1f7581c6.js";
import { sssp_advance__min_plus_u32__dir__w256l16c32__cuda__a9b3208aa321 } from "./sssp_advance__min_plus_u32__dir__w256l16c32__cuda__a9b3208aa321.js";
import { sssp_advance__min_plus_u32__dir__w256l16c32__wgsl__bd900bf54f62 } from "./sssp_advance__min_plus_u32__dir__w256l16c32__wgsl__bd900bf54f62.js";
import { sssp_advance__min_plus_u32__dir__w256l2c32__cuda__be1256598606 } from "./sssp_advance__min_plus_u32__dir__w256l2c32__cuda__be1256598606.js";
import { sssp_advance__min_plus_u32__dir__w256l2c32__wgsl__65713a681f7d } from "./sssp_advance__min_plus_u32__dir__w256l2c32__wgsl__65713a681f7d.js";
import { sssp_edges__min_plus_f32__dir_atomic__w256__cuda__b7b490c6e5ee } from "./sssp_edges__min_plus_f32__dir_atomic__w256__cuda__b7b490c6e5ee.js";
import { sssp_edges__min_plus_f32__dir_atomic__w256__wgsl__f0f28a7df4f3 } from "./sssp_edges__min_plus_f32__dir_atomic__w256__wgsl__f0f28a7df4f3.js";
import { sssp_edges__min_plus_f32__sym_atomic__w256__cuda__c05eda09a7a6 } from "./sssp_edges__min_plus_f32__sym_atomic__w256__cuda__c05eda09a7a6.js";
import { sssp_edges__min_plus_f32__sym_atomic__w256__wgsl__10225871d4a9 } from "./sssp_edges__min_plus_f32__sym_atomic__w256__wgsl__10225871d4a9.js";
import { sssp_edges__min_plus_u32__dir_atomic__w256__cuda__91ef3e9300b8 } from "./sssp_edges__min_plus_u32__dir_atomic__w256__cuda__91ef3e9300b8.js";
import { sssp_edges__min_plus_u32__dir_atomic__w256__wgsl__b1ced8ca486c } from "./sssp_edges__min_plus_u32__dir_atomic__w256__wgsl__b1ced8ca486c.js";
import { sssp_edges__min_plus_u32__sym_atomic__w256__cuda__9165a28d4173 } from "./sssp_edges__min_plus_u32__sym_atomic__w256__cuda__9165a28d4173.js";
import { sssp_edges__min_plus_u32__sym_atomic__w256__wgsl__e6ee4b811bc2 } from "./sssp_edges__min_plus_u32__sym_atomic__w256__wgsl__e6ee4b811bc2.js";
import { sssp_frontier__min_plus_f32__dir__w256l16c256d__cuda__6f1eaff231ca } from "./sssp_frontier__min_plus_f32__dir__w256l16c256d__cuda__6f1eaff231ca.js";
import { sssp_frontier__min_plus_f32__dir__w256l16c256d__wgsl__4b4c5be0fea1 } from "./sssp_frontier__min_plus_f32__dir__w256l16c256d__wgsl__4b4c5be0fea1.js";
import { sssp_frontier__min_plus_f32__dir__w256l16c256h__cuda__953e7038cc17 } from "./sssp_frontier__min_plus_f32__dir__w256l16c256h__cuda__953e7038cc17.js";
import { sssp_frontier__min_plus_f32__dir__w256l16c256h__wgsl__f040d8df8047 } from "./sssp_frontier__min_plus_f32__dir__w256l16c256h__wgsl__f040d8df8047.js";
import { sssp_frontier__min_plus_f32__dir__w256l16c32__cuda__65f89df1e1f5 } from "./sssp_frontier__min_plus_f32__dir__w256l16c32__cuda__65f89df1e1f5.js";
import { sssp_frontier__min_plus_f32__dir__w256l16c32__wgsl__93cbfbf5b214 } from "./sssp_frontier__min_plus_f32__dir__w256l16c32__wgsl__93cbfbf5b214.js";
import { sssp_frontier__min_plus_f32__dir__w256l16c64du2fg__wgsl__4b7ac53be335 } from "./sssp_frontier__min_plus_f32__dir__w256l16c64du2fg__wgsl__4b7ac53be335.js";
import { sssp_frontier__min_plus_f32__dir__w256l2c32__cuda__5ec8e0de282c } from "./sssp_frontier__min_plus_f32__dir__w256l2c32__cuda__5ec8e0de282c.js";
import { sssp_frontier__min_plus_f32__dir__w256l2c32__wgsl__d35108740e3a } from "./sssp_frontier__min_plus_f32__dir__w256l2c32__wgsl__d35108740e3a.js";
import { sssp_frontier__min_plus_u32__dir__w256l16c128du2fg__wgsl__0b8b9061394c } from "./sssp_frontier__min_plus_u32__dir__w256l16c128du2fg__wgsl__0b8b9061394c.js";
import { sssp_frontier__min_plus_u32__dir__w256l16c128du2fga8__wgsl__aad118b1cdb3 } from "./sssp_frontier__min_plus_u32__dir__w256l16c128du2fga8__wgsl__aad118b1cdb3.js";
import { sssp_frontier__min_plus_u32__dir__w256l16c256d__cuda__0b226985eacb } from "./sssp_frontier__min_plus_u32__dir__w256l16c256d__cuda__0b226985eacb.js";
import { sssp_frontier__min_plus_u32__dir__w256l16c256d__wgsl__13e20a9e87d5 } from "./sssp_frontier__min_plus_u32__dir__w256l16c256d__wgsl__13e20a9e87d5.js";
import { sssp_frontier__min_plus_u32__dir__w256l16c256da8__cuda__80e81c83cb71 } from "./sssp_frontier__min_plus_u32__dir__w256l16c256da8__cuda__80e81c83cb71.js";
import { sssp_frontier__min_plus_u32__dir__w256l16c256da8__wgsl__2eacd0739a22 } from "./sssp_frontier__min_plus_u32__dir__w256l16c256da8__wgsl__2eacd0739a22.js";
import { sssp_frontier__min_plus_u32__dir__w256l16c256h__cuda__348ff3a29a1a } from "./sssp_frontier__min_plus_u32__dir__w256l16c256h__cuda__348ff3a29a1a.js";
import { sssp_frontier__min_plus_u32__dir__w256l16c256h__wgsl__3dfe9abdad64 } from "./sssp_frontier__min_plus_u32__dir__w256l16c256h__wgsl__3dfe9abdad64.js";
import { sssp_frontier__min_plus_u32__dir__w256l16c32__cuda__6d33caa7e6ff } from "./sssp_frontier__min_plus_u32__dir__w256l16c32__cuda__6d33caa7e6ff.js";
import { sssp_frontier__min_plus_u32__dir__w256l16c32__wgsl__0e726c3677e5 } from "./sssp_frontier__min_plus_u32__dir__w256l16c32__wgsl__0e726c3677e5.js";
import { sssp_frontier__min_plus_u32__dir__w256l2c32__cuda__05c3540ee12f } from "./sssp_frontier__min_plus_u32__dir__w256l2c32__cuda__05c3540ee12f.js";
import { sssp_frontier__min_plus_u32__dir__w256l2c32__wgsl__c22435ed1bed } from "./sssp_frontier__min_plus_u32__dir__w256l2c32__wgsl__c22435ed1bed.js";
import { sssp_parents__min_plus_f32__dir__w256__cuda__99607ddc9042 } from "./sssp_parents__min_plus_f32__dir__w256__cuda__99607ddc9042.js";
import { sssp_parents__min_plus_f32__dir__w256__wgsl__0609580e9091 } from "./sssp_parents__min_plus_f32__dir__w256__wgsl__0609580e9091.js";
import { sssp_parents__min_plus_f32__sym__w256__cuda__cb5d769b3783 } from "./sssp_parents__min_plus_f32__sym__w256__cuda__cb5d769b3783.js";
import { sssp_parents__min_plus_f32__sym__w256__wgsl__de2087d94ef8 } from "./sssp_parents__min_plus_f32__sym__w256__wgsl__de2087d94ef8.js";
import { sssp_parents__min_plus_u32__dir__w256__cuda__ad87a6d148c2 } from "./sssp_parents__min_plus_u32__dir__w256__cuda__ad87a6d148c2.js";
import { sssp_parents__min_plus_u32__dir__w256__wgsl__da367efcc652 } from "./sssp_parents__min_plus_u32__dir__w256__wgsl__da367efcc652.js";
import { sssp_parents__min_plus_u32__sym__w256__cuda__c5aeae9faca7 } from "./sssp_parents__min_plus_u32__sym__w256__cuda__c5aeae9faca7.js";
import { sssp_parents__min_plus_u32__sym__w256__wgsl__870cf6547616 } from "./sssp_parents__min_plus_u32__sym__w256__wgsl__870cf6547616.js";
import { sssp_tree__min_plus_f32__sym__w256__cuda__02d1e4abd12b } from "./sssp_tree__min_plus_f32__sym__w256__cuda__02d1e4abd12b.js";
import { sssp_tree__min_plus_f32__sym__w256__wgsl__4b796a020867 } from "./sssp_tree__min_plus_f32__sym__w256__wgsl__4b796a020867.js";
import { sssp_tree__min_plus_u32__sym__w256__cuda__1356c7f9ca52 } from "./sssp_tree__min_plus_u32__sym__w256__cuda__1356c7f9ca52.js";
import { sssp_tree__min_plus_u32__sym__w256__wgsl__1ffa9867b5bd } from "./sssp_tree__min_plus_u32__sym__w256__wgsl__1ffa9867b5bd.js";
import { sssp_tree__min_plus_u32__sym__w256a8__cuda__a2148317cb52 } from "./sssp_tree__min_plus_u32__sym__w256a8__cuda__a2148317cb52.js";
import { sssp_tree__min_plus_u32__sym__w256a8__wgsl__42aaa0717442 } from "./sssp_tree__min_plus_u32__sym__w256a8__wgsl__42aaa0717442.js";
import { sssp_tree_scan__min_plus_f32__sym__w256__cuda__4559a2f00480 } from "./sssp_tree_scan__min_plus_f32__sym__w256__cuda__4559a2f00480.js";
import { sssp_tree_scan__min_plus_f32__sym__w256__wgsl__9d555884674e } from "./sssp_tree_scan__min_plus_f32__sym__w256__wgsl__9d555884674e.js";
import { sssp_tree_scan__min_plus_u32__sym__w256__cuda__0db5b8a7397e } from "./sssp_tree_scan__min_plus_u32__sym__w256__cuda__0db5b8a7397e.js";
import { sssp_tree_scan__min_plus_u32__sym__w256__wgsl__13d524d955be } from "./sssp_tree_scan__min_plus_u32__sym__w256__wgsl__13d524d955be.js";
import { sssp_tree_scan__min_plus_u32__sym__w256a8__cuda__5617d3a96acd } from "./sssp_tree_scan__min_plus_u32__sym__w256a8__cuda__5617d3a96acd.js";
import { sssp_tree_scan__min_plus_u32__sym__w256a8__wgsl__93e6504ffc1b } from "./sssp_tree_scan__min_plus_u32__sym__w256a8__wgsl__93e6504ffc1b.js";
import { vec_gather__or_and_u32__dense__w256__cuda__48b87a8a196e } from "./vec_gather__or_and_u32__dense__w256__cuda__48b87a8a196e.js";
import { vec_gather__or_and_u32__dense__w256__wgsl__94728a6119b2 } from "./vec_gather__or_and_u32__dense__w256__wgsl__94728a6119b2.js";
import { vec_pagerank_update__plus_times_f32__dense__w256__cuda__0156cf2e9de6 } from "./vec_pagerank_update__plus_times_f32__dense__w256__cuda__0156cf2e9de6.js";
import { vec_pagerank_update__plus_times_f32__dense__w256__wgsl__8795a3441726 } from "./vec_pagerank_update__plus_times_f32__dense__w256__wgsl__8795a3441726.js";
import { vec_pagerank_update_folded__plus_times_f32__dense__w256__cuda__7f0ef7765beb } from "./vec_pagerank_update_folded__plus_times_f32__dense__w256__cuda__7f0ef7765beb.js";
import { vec_pagerank_update_folded__plus_times_f32__dense__w256__wgsl__bed08a59d9b5 } from "./vec_pagerank_update_folded__plus_times_f32__dense__w256__wgsl__bed08a59d9b5.js";
import { vec_reduce__plus_times_f32__dense__w256__cuda__0b6a83ca6fd0 } from "./vec_reduce__plus_times_f32__dense__w256__cuda__0b6a83ca6fd0.js";
import { vec_reduce__plus_times_f32__dense__w256__wgsl__f32093496780 } from "./vec_reduce__plus_times_f32__dense__w256__wgsl__f32093496780.js";

// Generated by `nx run codegen` from the kernel catalog specs; do not edit.
// CI regenerates this file and fails when it differs from what is checked in.
/** Every kernel generated ahead of time, keyed by kernel id. */
export const CATALOG: Readonly<Record<string, GeneratedKernel>> = {
        "eda82027b8ee": fw_panel_col__max_min_f32__row_major__t64u4k4c8w16x16__wgsl__eda82027b8ee,
        "6c8a5b34e63f": fw_panel_col__min_plus_f32__bdl__t64u4k4c8w16x16__wgsl__6c8a5b34e63f,
        "01f7dca9307f": fw_panel_col__min_plus_f32__row_major__t128u4k4c8w16x16__wgsl__01f7dca9307f,
        "025388080b6c": fw_panel_col__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__025388080b6c,
        "cf8ce0d0f9ec": fw_panel_col__min_plus_f32__row_major__t64u4k4c8w16x16s__wgsl__cf8ce0d0f9ec,
        "29c9309531b9": fw_panel_col__min_plus_i32__row_major__t64u4k4c8w16x16__wgsl__29c9309531b9,
        "fc0bb3abd594": fw_panel_col__min_plus_u32__row_major__t64u4k4c8w16x16__wgsl__fc0bb3abd594,
        "e79c1a93139d": fw_panel_col__or_and_u32__row_major__t64u4k4c8w16x16__wgsl__e79c1a93139d,
        "3ac301cdd29c": fw_panel_row__max_min_f32__row_major__t64u4k4c8w16x16__wgsl__3ac301cdd29c,
        "4cb8d81b3e6d": fw_panel_row__min_plus_f32__bdl__t64u4k4c8w16x16__wgsl__4cb8d81b3e6d,
        "e68d3ce62ee6": fw_panel_row__min_plus_f32__row_major__t128u4k4c8w16x16__wgsl__e68d3ce62ee6,
        "a790c5906071": fw_panel_row__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__a790c5906071,
        "d351aa31daf7": fw_panel_row__min_plus_f32__row_major__t64u4k4c8w16x16p__cuda__d351aa31daf7,
        "5c5b1680e2fc": fw_panel_row__min_plus_f32__row_major__t64u4k4c8w16x16s__wgsl__5c5b1680e2fc,
        "ea10a2b0e7af": fw_panel_row__min_plus_i32__row_major__t64u4k4c8w16x16__wgsl__ea10a2b0e7af,
        "4552d47a9e6b": fw_panel_row__min_plus_u32__row_major__t64u4k4c8w16x16__wgsl__4552d47a9e6b,
        "f16ca8d87b4d": fw_panel_row__or_and_u32__row_major__t64u4k4c8w16x16__wgsl__f16ca8d87b4d,
        "645cddad9b6c": fw_pivot__max_min_f32__row_major__t64u1k1c1w32x32__wgsl__645cddad9b6c,
        "293bd0ab800d": fw_pivot__min_plus_f32__bdl__t64u1k1c1w32x32__wgsl__293bd0ab800d,
        "a137016e58ff": fw_pivot__min_plus_f32__row_major__t128u1k1c1w16x16__wgsl__a137016e58ff,
        "a88a2321e320": fw_pivot__min_plus_f32__row_major__t64u1k1c1w32x32__cuda__a88a2321e320,
        "9f060bd55584": fw_pivot__min_plus_f32__row_major__t64u1k1c1w32x32__wgsl__9f060bd55584,
        "1667375a9505": fw_pivot__min_plus_f32__row_major__t64u1k1c1w32x32s__wgsl__1667375a9505,
        "20f19516871f": fw_pivot__min_plus_i32__row_major__t64u1k1c1w32x32__wgsl__20f19516871f,
        "60c3eb5c4648": fw_pivot__min_plus_u32__row_major__t64u1k1c1w32x32__wgsl__60c3eb5c4648,
        "0ff0a9428a30": fw_pivot__or_and_u32__row_major__t64u1k1c1w32x32__wgsl__0ff0a9428a30,
        "6d9cd739bf00": fw_plain__min_plus_f32__row_major__t1u1k1c1w16x16__wgsl__6d9cd739bf00,
        "b415de25b457": fw_update__max_min_f32__row_major__t64u4k4c8w16x16__wgsl__b415de25b457,
        "f3aa6204456a": fw_update__min_plus_f32__bdl__t64u4k4c8w16x16__wgsl__f3aa6204456a,
        "48921c2712c0": fw_update__min_plus_f32__row_major__t128u4k4c8w8x16__wgsl__48921c2712c0,
        "e719b740a0cc": fw_update__min_plus_f32__row_major__t64u4k4c8w16x16__wgsl__e719b740a0cc,
        "e5440bccefa7": fw_update__min_plus_f32__row_major__t64u4k4c8w16x16s__wgsl__e5440bccefa7,
        "67f715ee6fb1": fw_update__min_plus_f32__row_major__t64u4k8c8w16x16r__cuda__67f715ee6fb1,
        "c526ef8cee1f": fw_update__min_plus_i32__row_major__t64u4k4c8w16x16__wgsl__c526ef8cee1f,
        "7227775c47c9": fw_update__min_plus_u32__row_major__t64u4k4c8w16x16__wgsl__7227775c47c9,
        "e793704d2fa7": fw_update__or_and_u32__row_major__t64u4k4c8w16x16__wgsl__e793704d2fa7,
        "1307a61738bb": spmv_csr_merge__max_min_f32__set__r256l1sgi7__wgsl__1307a61738bb,
        "1f317b22304a": spmv_csr_merge__min_plus_f32__set__r256l1sgi7__wgsl__1f317b22304a,
        "dba67c143aef": spmv_csr_merge__or_and_u32__set__r256l1sgi7__wgsl__dba67c143aef,
        "f3bedef37e1e": spmv_csr_merge__plus_times_f32__set__r256l1sgi7__wgsl__f3bedef37e1e,
        "efbce20b8ae5": spmv_csr_merge__plus_times_f32__set__r256l1sgi7g__cuda__efbce20b8ae5,
        "533937309ea0": spmv_csr_merge__plus_times_f32__set_pattern__r256l1sgi7__wgsl__533937309ea0,
        "0ddae80113bd": spmv_csr_merge__plus_times_f32__set_pattern__r256l1sgi7g__cuda__0ddae80113bd,
        "cbf571ba0317": spmv_csr_scalar__max_min_f32__set__r256l1__wgsl__cbf571ba0317,
        "a178a882bed6": spmv_csr_scalar__min_plus_f32__set__r256l1__wgsl__a178a882bed6,
        "5722eaefd667": spmv_csr_scalar__or_and_u32__set__r256l1__wgsl__5722eaefd667,
        "deb12a857fe8": spmv_csr_scalar__plus_times_f32__set__r256l1__wgsl__deb12a857fe8,
        "7f2eb126586f": spmv_csr_scalar__plus_times_f32__set__r256l1g__cuda__7f2eb126586f,
        "8708d8e1efc5": spmv_csr_scalar__plus_times_f32__set_pattern__r256l1__wgsl__8708d8e1efc5,
        "ffa290ff50bc": spmv_csr_scalar__plus_times_f32__set_pattern__r256l1g__cuda__ffa290ff50bc,
        "34ec4ed6703c": spmv_csr_stream__max_min_f32__set__r256l1i8__wgsl__34ec4ed6703c,
        "269515052464": spmv_csr_stream__min_plus_f32__set__r256l1i8__wgsl__269515052464,
        "5a0ec0b5a640": spmv_csr_stream__or_and_u32__set__r256l1i8__wgsl__5a0ec0b5a640,
        "aa1ee86ab7e5": spmv_csr_stream__plus_times_f32__set__r256l1i8__wgsl__aa1ee86ab7e5,
        "b602aa960d82": spmv_csr_stream__plus_times_f32__set__r256l1i8g__cuda__b602aa960d82,
        "3d4a5077cc45": spmv_csr_stream__plus_times_f32__set_pattern__r256l1i8__wgsl__3d4a5077cc45,
        "2bdec64be69f": spmv_csr_stream__plus_times_f32__set_pattern__r256l1i8g__cuda__2bdec64be69f,
        "fc2498f71fe0": spmv_csr_vector__max_min_f32__set__r16l16sg__wgsl__fc2498f71fe0,
        "10a7266b190e": spmv_csr_vector__max_min_f32__set__r32l8sg__wgsl__10a7266b190e,
        "d78b8d88fc0a": spmv_csr_vector__max_min_f32__set__r8l32sg__wgsl__d78b8d88fc0a,
        "a047130cecc8": spmv_csr_vector__min_plus_f32__set__r16l16sg__wgsl__a047130cecc8,
        "f3caa8c8a992": spmv_csr_vector__min_plus_f32__set__r32l8sg__wgsl__f3caa8c8a992,
        "d81126976691": spmv_csr_vector__min_plus_f32__set__r8l32sg__wgsl__d81126976691,
        "03c3217fbc76": spmv_csr_vector__or_and_u32__set__r16l16sg__wgsl__03c3217fbc76,
        "aad54505c5c5": spmv_csr_vector__or_and_u32__set__r32l8sg__wgsl__aad54505c5c5,
        "1105a76300f1": spmv_csr_vector__or_and_u32__set__r8l32sg__wgsl__1105a76300f1,
        "47fb4af17956": spmv_csr_vector__plus_times_f32__set__r16l16sg__wgsl__47fb4af17956,
        "8a2a9f898076": spmv_csr_vector__plus_times_f32__set__r32l8sg__wgsl__8a2a9f898076,
        "224fac330d64": spmv_csr_vector__plus_times_f32__set__r8l32sg__wgsl__224fac330d64,
        "3e0eb60ee8cc": spmv_csr_vector__plus_times_f32__set__r8l32sgg__cuda__3e0eb60ee8cc,
        "92a24a8056fb": spmv_csr_vector__plus_times_f32__set_pattern__r16l16sg__wgsl__92a24a8056fb,
        "8737a3ba1660": spmv_csr_vector__plus_times_f32__set_pattern__r32l8sg__wgsl__8737a3ba1660,
        "35144d461979": spmv_csr_vector__plus_times_f32__set_pattern__r8l32sg__wgsl__35144d461979,
        "5e75e3ccacbd": spmv_csr_vector__plus_times_f32__set_pattern__r8l32sgg__cuda__5e75e3ccacbd,
        "99f3c8d59089": spmv_ell__max_min_f32__set__r256l1__wgsl__99f3c8d59089,
        "5a3bb91a0f49": spmv_ell__min_plus_f32__set__r256l1__wgsl__5a3bb91a0f49,
        "a21289e70e36": spmv_ell__or_and_u32__set__r256l1__wgsl__a21289e70e36,
        "81665c5de83c": spmv_ell__plus_times_f32__set__r256l1__wgsl__81665c5de83c,
        "05b460f5c373": spmv_ell__plus_times_f32__set__r256l1g__cuda__05b460f5c373,
        "1e7368964d84": spmv_ell__plus_times_f32__set_pattern__r256l1__wgsl__1e7368964d84,
        "3aa7875bfd1a": spmv_ell__plus_times_f32__set_pattern__r256l1g__cuda__3aa7875bfd1a,
        "ea198236154c": spmv_fold_combine__plus_times_f32__acc__r8l32sg__wgsl__ea198236154c,
        "f595ccd05a49": spmv_fold_combine__plus_times_f32__acc__r8l32sgg__cuda__f595ccd05a49,
        "b4bbec0ccd98": spmv_merge_fixup__max_min_f32__acc__r256l1__wgsl__b4bbec0ccd98,
        "1beff2f926a4": spmv_merge_fixup__min_plus_f32__acc__r256l1__wgsl__1beff2f926a4,
        "f7023ebf71ab": spmv_merge_fixup__or_and_u32__acc__r256l1__wgsl__f7023ebf71ab,
        "08fffa07b289": spmv_merge_fixup__plus_times_f32__acc__r256l1__wgsl__08fffa07b289,
        "b5ad9b5dc305": spmv_merge_fixup__plus_times_f32__acc__r256l1g__cuda__b5ad9b5dc305,
        "8eda18f7cef8": spmv_sell__plus_times_f32__set__r256l1c32__wgsl__8eda18f7cef8,
        "19a1cd423269": spmv_sell__plus_times_f32__set__r256l1c32g__cuda__19a1cd423269,
        "9d4c581da001": spmv_sell__plus_times_f32__set__r256l1c32p__wgsl__9d4c581da001,
        "88605c948ae4": spmv_sell__plus_times_f32__set__r256l1c32pfw__wgsl__88605c948ae4,
        "82661974fbe1": spmv_sell__plus_times_f32__set__r256l1c32pfwgs__cuda__82661974fbe1,
        "87365355d2f0": spmv_sell__plus_times_f32__set__r256l1c32pg__cuda__87365355d2f0,
        "406e44592e29": spmv_sell__plus_times_f32__set_pattern__r256l1c32__wgsl__406e44592e29,
        "c3a09801846b": spmv_sell__plus_times_f32__set_pattern__r256l1c32g__cuda__c3a09801846b,
        "8a0bc7a85497": spmv_sell__plus_times_f32__set_pattern__r256l1c32p__wgsl__8a0bc7a85497,
        "323576939962": spmv_sell__plus_times_f32__set_pattern__r256l1c32pfw__wgsl__323576939962,
        "3e6da136e780": spmv_sell__plus_times_f32__set_pattern__r256l1c32pfwgs__cuda__3e6da136e780,
        "62db906699e6": spmv_sell__plus_times_f32__set_pattern__r256l1c32pg__cuda__62db906699e6,
        "7d2d0454082e": sssp_advance__min_plus_f32__dir__w256l16c256__cuda__7d2d0454082e,
        "25f35cca777c": sssp_advance__min_plus_f32__dir__w256l16c256__wgsl__25f35cca777c,
        "e72035d66633": sssp_advance__min_plus_f32__dir__w256l16c256d__cuda__e72035d66633,
        "98b2d763cfc9": sssp_advance__min_plus_f32__dir__w256l16c256d__wgsl__98b2d763cfc9,
        "aeacb461cd4c": sssp_advance__min_plus_f32__dir__w256l16c32__cuda__aeacb461cd4c,
        "f4a7f0432929": sssp_advance__min_plus_f32__dir__w256l16c32__wgsl__f4a7f0432929,
        "957dcf1ae9cd": sssp_advance__min_plus_f32__dir__w256l16c64dg__wgsl__957dcf1ae9cd,
        "b42089953550": sssp_advance__min_plus_f32__dir__w256l2c32__cuda__b42089953550,
        "603d97c6919b": sssp_advance__min_plus_f32__dir__w256l2c32__wgsl__603d97c6919b,
        "1a1777c99cc4": sssp_advance__min_plus_u32__dir__w256l16c128dg__wgsl__1a1777c99cc4,
        "e6e166fc871d": sssp_advance__min_plus_u32__dir__w256l16c256__cuda__e6e166fc871d,
        "7934dee53d71": sssp_advance__min_plus_u32__dir__w256l16c256__wgsl__7934dee53d71,
        "e205d8ed2431": sssp_advance__min_plus_u32__dir__w256l16c256d__cuda__e205d8ed2431,
        "b1bf1f7581c6": sssp_advance__min_plus_u32__dir__w256l16c256d__wgsl__b1bf1f7581c6,
        "a9b3208aa321": sssp_advance__min_plus_u32__dir__w256l16c32__cuda__a9b3208aa321,
        "bd900bf54f62": sssp_advance__min_plus_u32__dir__w256l16c32__wgsl__bd900bf54f62,
        "be1256598606": sssp_advance__min_plus_u32__dir__w256l2c32__cuda__be1256598606,
        "65713a681f7d": sssp_advance__min_plus_u32__dir__w256l2c32__wgsl__65713a681f7d,
        "b7b490c6e5ee": sssp_edges__min_plus_f32__dir_atomic__w256__cuda__b7b490c6e5ee,
        "f0f28a7df4f3": sssp_edges__min_plus_f32__dir_atomic__w256__wgsl__f0f28a7df4f3,
        "c05eda09a7a6": sssp_edges__min_plus_f32__sym_atomic__w256__cuda__c05eda09a7a6,
        "10225871d4a9": sssp_edges__min_plus_f32__sym_atomic__w256__wgsl__10225871d4a9,
        "91ef3e9300b8": sssp_edges__min_plus_u32__dir_atomic__w256__cuda__91ef3e9300b8,
        "b1ced8ca486c": sssp_edges__min_plus_u32__dir_atomic__w256__wgsl__b1ced8ca486c,
        "9165a28d4173": sssp_edges__min_plus_u32__sym_atomic__w256__cuda__9165a28d4173,
        "e6ee4b811bc2": sssp_edges__min_plus_u32__sym_atomic__w256__wgsl__e6ee4b811bc2,
        "6f1eaff231ca": sssp_frontier__min_plus_f32__dir__w256l16c256d__cuda__6f1eaff231ca,
        "4b4c5be0fea1": sssp_frontier__min_plus_f32__dir__w256l16c256d__wgsl__4b4c5be0fea1,
        "953e7038cc17": sssp_frontier__min_plus_f32__dir__w256l16c256h__cuda__953e7038cc17,
        "f040d8df8047": sssp_frontier__min_plus_f32__dir__w256l16c256h__wgsl__f040d8df8047,
        "65f89df1e1f5": sssp_frontier__min_plus_f32__dir__w256l16c32__cuda__65f89df1e1f5,
        "93cbfbf5b214": sssp_frontier__min_plus_f32__dir__w256l16c32__wgsl__93cbfbf5b214,
        "4b7ac53be335": sssp_frontier__min_plus_f32__dir__w256l16c64du2fg__wgsl__4b7ac53be335,
        "5ec8e0de282c": sssp_frontier__min_plus_f32__dir__w256l2c32__cuda__5ec8e0de282c,
        "d35108740e3a": sssp_frontier__min_plus_f32__dir__w256l2c32__wgsl__d35108740e3a,
        "0b8b9061394c": sssp_frontier__min_plus_u32__dir__w256l16c128du2fg__wgsl__0b8b9061394c,
        "aad118b1cdb3": sssp_frontier__min_plus_u32__dir__w256l16c128du2fga8__wgsl__aad118b1cdb3,
        "0b226985eacb": sssp_frontier__min_plus_u32__dir__w256l16c256d__cuda__0b226985eacb,
        "13e20a9e87d5": sssp_frontier__min_plus_u32__dir__w256l16c256d__wgsl__13e20a9e87d5,
        "80e81c83cb71": sssp_frontier__min_plus_u32__dir__w256l16c256da8__cuda__80e81c83cb71,
        "2eacd0739a22": sssp_frontier__min_plus_u32__dir__w256l16c256da8__wgsl__2eacd0739a22,
        "348ff3a29a1a": sssp_frontier__min_plus_u32__dir__w256l16c256h__cuda__348ff3a29a1a,
        "3dfe9abdad64": sssp_frontier__min_plus_u32__dir__w256l16c256h__wgsl__3dfe9abdad64,
        "6d33caa7e6ff": sssp_frontier__min_plus_u32__dir__w256l16c32__cuda__6d33caa7e6ff,
        "0e726c3677e5": sssp_frontier__min_plus_u32__dir__w256l16c32__wgsl__0e726c3677e5,
        "05c3540ee12f": sssp_frontier__min_plus_u32__dir__w256l2c32__cuda__05c3540ee12f,
        "c22435ed1bed": sssp_frontier__min_plus_u32__dir__w256l2c32__wgsl__c22435ed1bed,
        "99607ddc9042": sssp_parents__min_plus_f32__dir__w256__cuda__99607ddc9042,
        "0609580e9091": sssp_parents__min_plus_f32__dir__w256__wgsl__0609580e9091,
        "cb5d769b3783": sssp_parents__min_plus_f32__sym__w256__cuda__cb5d769b3783,
        "de2087d94ef8": sssp_parents__min_plus_f32__sym__w256__wgsl__de2087d94ef8,
        "ad87a6d148c2": sssp_parents__min_plus_u32__dir__w256__cuda__ad87a6d148c2,
        "da367efcc652": sssp_parents__min_plus_u32__dir__w256__wgsl__da367efcc652,
        "c5aeae9faca7": sssp_parents__min_plus_u32__sym__w256__cuda__c5aeae9faca7,
        "870cf6547616": sssp_parents__min_plus_u32__sym__w256__wgsl__870cf6547616,
        "02d1e4abd12b": sssp_tree__min_plus_f32__sym__w256__cuda__02d1e4abd12b,
        "4b796a020867": sssp_tree__min_plus_f32__sym__w256__wgsl__4b796a020867,
        "1356c7f9ca52": sssp_tree__min_plus_u32__sym__w256__cuda__1356c7f9ca52,
        "1ffa9867b5bd": sssp_tree__min_plus_u32__sym__w256__wgsl__1ffa9867b5bd,
        "a2148317cb52": sssp_tree__min_plus_u32__sym__w256a8__cuda__a2148317cb52,
        "42aaa0717442": sssp_tree__min_plus_u32__sym__w256a8__wgsl__42aaa0717442,
        "4559a2f00480": sssp_tree_scan__min_plus_f32__sym__w256__cuda__4559a2f00480,
        "9d555884674e": sssp_tree_scan__min_plus_f32__sym__w256__wgsl__9d555884674e,
        "0db5b8a7397e": sssp_tree_scan__min_plus_u32__sym__w256__cuda__0db5b8a7397e,
        "13d524d955be": sssp_tree_scan__min_plus_u32__sym__w256__wgsl__13d524d955be,
        "5617d3a96acd": sssp_tree_scan__min_plus_u32__sym__w256a8__cuda__5617d3a96acd,
        "93e6504ffc1b": sssp_tree_scan__min_plus_u32__sym__w256a8__wgsl__93e6504ffc1b,
        "48b87a8a196e": vec_gather__or_and_u32__dense__w256__cuda__48b87a8a196e,
        "94728a6119b2": vec_gather__or_and_u32__dense__w256__wgsl__94728a6119b2,
        "0156cf2e9de6": vec_pagerank_update__plus_times_f32__dense__w256__cuda__0156cf2e9de6,
        "8795a3441726": vec_pagerank_update__plus_times_f32__dense__w256__wgsl__8795a3441726,
        "7f0ef7765beb": vec_pagerank_update_folded__plus_times_f32__dense__w256__cuda__7f0ef7765beb,
        "bed08a59d9b5": vec_pagerank_update_folded__plus_times_f32__dense__w256__wgsl__bed08a59d9b5,
        "0b6a83ca6fd0": vec_reduce__plus_times_f32__dense__w256__cuda__0b6a83ca6fd0,
        "f32093496780": vec_reduce__plus_times_f32__dense__w256__wgsl__f32093496780,
    };
