/*
 * abi.h - the runtime ABI (runtime/ccprof_abi.def, which the runtime's
 * ccprof_abi.h and the GCC plugin expand too) as LLVM constants, names
 * and types: the one definition, expanded here, so the pass cannot
 * disagree with the runtime about a layout or a symbol.
 */
#ifndef CCPROF_LLVM_ABI_H
#define CCPROF_LLVM_ABI_H

#include "compat.h"

#include "llvm/IR/DerivedTypes.h"

#include <vector>

namespace ccprof {
namespace abi {

/* ABI_VERSION, CC_SHARED */
#define CCPROF_ABI_CONSTANT(Name, Value) static const unsigned Name = Value;
/* SymCURRENT, SymTCALLS, ..., SymREGISTER, ... */
#define CCPROF_ABI_SYMBOL(Id, Name) static const char Sym##Id[] = #Name;
#define CCPROF_ABI_FUNCTION(Id, Name, Extra) \
	static const char Sym##Id[] = #Name;
/* SymCTX_ENTER: the slow path of a context-mode entry */
#define CCPROF_ABI_CTX_ENTER(Name) static const char SymCTX_ENTER[] = #Name;
/* SymCTX_KID: the slow path of a transition made at the call site */
#define CCPROF_ABI_CTX_KID(Name) static const char SymCTX_KID[] = #Name;
#define CCPROF_ABI_COUNTERS_PREFIX(Prefix) \
	static const char CountersPrefix[] = Prefix;
/* SccCountersPrefix, SccMarker */
#define CCPROF_ABI_SCC(CountersPrefix, Marker) \
	static const char SccCountersPrefix[] = CountersPrefix; \
	static const char SccMarker[] = #Marker;
#include "../runtime/ccprof_abi.def"

/* The second parameter of each registration function: Extra_REGISTER... */
enum ExtraParam { EXTRA_NONE, EXTRA_U64_PTR };
#define CCPROF_ABI_FUNCTION(Id, Name, Extra) \
	static const ExtraParam Extra_##Id = EXTRA_##Extra;
#include "../runtime/ccprof_abi.def"

/* struct ccprof_counters is all 64-bit words: the pass makes it an
 * array of CountersWords i64; calls is word 0 (the first field). */
enum FieldType { U32, U64, STRING, COUNTERS_PTR, CC_DESC_PTR, COUNTERS_LIST };
static const unsigned CountersWords = 0
#define CCPROF_COUNTERS_FIELD(Type, Name, Count) +(Count)
#include "../runtime/ccprof_abi.def"
	;
static const unsigned CallsWord = 0;

inline llvm::Type *fieldType(llvm::LLVMContext &Ctx, FieldType T)
{
	switch (T) {
	case U32:
		return llvm::Type::getInt32Ty(Ctx);
	case U64:
		return llvm::Type::getInt64Ty(Ctx);
	default:
		return ptrType(Ctx);
	}
}

/* struct ccprof_cc_desc */
inline llvm::StructType *ccDescType(llvm::LLVMContext &Ctx)
{
	std::vector<llvm::Type *> Fields = {
#define CCPROF_CC_DESC_FIELD(Type, Name) fieldType(Ctx, Type),
#include "../runtime/ccprof_abi.def"
	};
	return llvm::StructType::get(Ctx, Fields);
}

/* struct ccprof_ctx_memo (context mode): CtxMemoFrom, CtxMemoTo are
 * the fields' indices. */
enum CtxMemoField {
#define CCPROF_CTX_MEMO_FIELD(Type, Name) CtxMemo_##Name,
#include "../runtime/ccprof_abi.def"
};
static const unsigned CtxMemoFrom = CtxMemo_from, CtxMemoTo = CtxMemo_to;
inline llvm::StructType *ctxMemoType(llvm::LLVMContext &Ctx)
{
	std::vector<llvm::Type *> Fields = {
#define CCPROF_CTX_MEMO_FIELD(Type, Name) fieldType(Ctx, Type),
#include "../runtime/ccprof_abi.def"
	};
	return llvm::StructType::get(Ctx, Fields);
}

/* struct ccprof_module */
inline llvm::StructType *moduleType(llvm::LLVMContext &Ctx)
{
	std::vector<llvm::Type *> Fields = {
#define CCPROF_MODULE_FIELD(Type, Name) fieldType(Ctx, Type),
#include "../runtime/ccprof_abi.def"
	};
	return llvm::StructType::get(Ctx, Fields);
}

} // namespace abi
} // namespace ccprof

#endif
