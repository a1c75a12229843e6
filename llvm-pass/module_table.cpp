/*
 * module_table.cpp - what the runtime needs to find a module's counters:
 *
 *   @__ccprof_ccs = private constant [N x { ptr, ptr, ptr, i32, i32 }]
 *        ; struct ccprof_cc_desc: counters, symbol, file, line, flags
 *   @__ccprof_module = private constant { i32, i32, ptr, ptr, ptr, ptr }
 *        ; struct ccprof_module: abi_version, n_cc, cc, compiler,
 *        ; options, source
 *   define internal void @__ccprof_module_ctor() {
 *     call void @__ccprof_register_thread(ptr @__ccprof_module,
 *                                         ptr @__ccprof_tcalls) ; thread
 *     call void @__ccprof_register(ptr @__ccprof_module)  ; plain, atomic
 *   }
 *   define internal void @__ccprof_module_dtor() {
 *     call void @__ccprof_unregister(ptr @__ccprof_module)    ; dtor
 *   }
 *
 * The layouts, names and version come from runtime/ccprof_abi.def
 * (abi.h); each field's value from a function named after it.
 */
#include "module_table.h"
#include "abi.h"
#include "compat.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace ccprof {

const char *const ModuleTableName = abi::SymMODULE;
static const char CtorName[] = "__ccprof_module_ctor";
static const char DtorName[] = "__ccprof_module_dtor";
static const int CtorPriority = 65535;     /* after the program's own */
/* The destructor takes the module's counts: the last to run (101), so
 * that a shared library's C++ static destructors, which its
 * __do_global_dtors_aux runs after every destructor of default priority,
 * have made their calls (gcc-plugin/module_table.cc). */
static const int DtorPriority = 101;

static Constant *stringConstant(Module &M, StringRef S)
{
	Constant *Data = ConstantDataArray::getString(M.getContext(), S);
	GlobalVariable *GV = new GlobalVariable(
		M, Data->getType(), /*isConstant=*/true,
		GlobalValue::PrivateLinkage, Data, "__ccprof_str");
	GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
	GV->setAlignment(Align(1));
	return asPtr(GV);
}

/* "Debian clang version 14.0.6" from llvm.ident, else "LLVM x.y.z". */
static std::string compilerIdent(Module &M)
{
	if (NamedMDNode *Ident = M.getNamedMetadata("llvm.ident"))
		if (Ident->getNumOperands() > 0)
			if (MDNode *N = Ident->getOperand(0))
				if (N->getNumOperands() > 0)
					if (MDString *S = dyn_cast<MDString>(
						    N->getOperand(0)))
						return S->getString().str();
	return "LLVM " LLVM_VERSION_STRING;
}

/* An internal function Name() { Callee(Mod[, &ThreadCalls]); }: the
 * array's address is taken inside the function, in the calling thread. */
static Function *callOnce(Module &M, const char *Name, const char *Callee,
			  abi::ExtraParam Extra, Constant *Mod,
			  GlobalVariable *ThreadCalls)
{
	LLVMContext &Ctx = M.getContext();
	Type *Void = Type::getVoidTy(Ctx);
	std::vector<Type *> Params = {ptrType(Ctx)};
	if (Extra == abi::EXTRA_U64_PTR)
		Params.push_back(ptrType(Ctx));
	FunctionCallee Target = M.getOrInsertFunction(
		Callee, FunctionType::get(Void, Params, false));
	Function *F = Function::Create(FunctionType::get(Void, false),
				       GlobalValue::InternalLinkage, Name, M);
	IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
	std::vector<Value *> Args = {Mod};
	if (Extra == abi::EXTRA_U64_PTR)
		Args.push_back(B.CreatePointerCast(
			threadLocalAddress(B, ThreadCalls), ptrType(Ctx)));
	B.CreateCall(Target, Args);
	B.CreateRetVoid();
	return F;
}

/* The fields of a cost centre's struct ccprof_cc_desc, one function per
 * field of runtime/ccprof_abi.def (a field without one does not
 * compile). */
namespace {
struct DescFields {
	Module &M;
	const CostCentre &CC;
	Type *I32;

	Constant *counters() { return asPtr(CC.Counters); }
	Constant *symbol() { return stringConstant(M, CC.Symbol); }
	Constant *file() { return stringConstant(M, CC.File); }
	Constant *line() { return ConstantInt::get(I32, CC.Line); }
	Constant *flags()
	{
		return ConstantInt::get(I32, (CC.Shared ? abi::CC_SHARED : 0) |
						     ccprof_kind_flags(CC.Kind) |
						     CC.Kids << abi::CC_KIDS_SHIFT);
	}
	/* a private array of the records, NULL-terminated */
	Constant *kid_counts()
	{
		PointerType *P = ptrType(M.getContext());
		if (CC.Counted.empty())
			return ConstantPointerNull::get(P);
		std::vector<Constant *> Records;
		for (GlobalVariable *R : CC.Counted)
			Records.push_back(asPtr(R));
		Records.push_back(ConstantPointerNull::get(P));
		ArrayType *T = ArrayType::get(P, Records.size());
		return asPtr(new GlobalVariable(
			M, T, /*isConstant=*/true, GlobalValue::PrivateLinkage,
			ConstantArray::get(T, Records), "__ccprof_kid_counts"));
	}
};

/* The fields of the unit's struct ccprof_module. */
struct ModuleFields {
	Module &M;
	const Options &O;
	unsigned N;
	GlobalVariable *Table;
	Type *I32;

	Constant *abi_version() { return ConstantInt::get(I32, abi::ABI_VERSION); }
	Constant *n_cc() { return ConstantInt::get(I32, N); }
	Constant *cc() { return asPtr(Table); }
	Constant *compiler() { return stringConstant(M, compilerIdent(M)); }
	Constant *options() { return stringConstant(M, O.Canonical); }
	Constant *source() { return stringConstant(M, M.getSourceFileName()); }
};
} // namespace

void emitModuleTable(Module &M, const Options &O,
		     const std::vector<CostCentre> &CCs,
		     GlobalVariable *ThreadCalls, GlobalVariable *Table)
{
	LLVMContext &Ctx = M.getContext();
	Type *I32 = Type::getInt32Ty(Ctx);

	StructType *DescTy = abi::ccDescType(Ctx);
	std::vector<Constant *> Descs;
	for (const CostCentre &CC : CCs) {
		DescFields D{M, CC, I32};
		Descs.push_back(ConstantStruct::get(DescTy, {
#define CCPROF_CC_DESC_FIELD(Type, Name) D.Name(),
#include "../runtime/ccprof_abi.def"
		}));
	}
	ArrayType *TableTy = ArrayType::get(DescTy, Descs.size());
	if (Table)
		Table->setInitializer(ConstantArray::get(TableTy, Descs));
	else
		Table = new GlobalVariable(
			M, TableTy, /*isConstant=*/true,
			GlobalValue::PrivateLinkage,
			ConstantArray::get(TableTy, Descs), abi::SymCC_TABLE);

	StructType *ModTy = abi::moduleType(Ctx);
	ModuleFields MF{M, O, (unsigned)Descs.size(), Table, I32};
	Constant *ModInit = ConstantStruct::get(ModTy, {
#define CCPROF_MODULE_FIELD(Type, Name) MF.Name(),
#include "../runtime/ccprof_abi.def"
	});
	GlobalVariable *Mod = new GlobalVariable(
		M, ModTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
		ModInit, ModuleTableName);

	appendToGlobalCtors(
		M,
		ThreadCalls
			? callOnce(M, CtorName, abi::SymREGISTER_THREAD,
				   abi::Extra_REGISTER_THREAD, asPtr(Mod),
				   ThreadCalls)
			: callOnce(M, CtorName, abi::SymREGISTER,
				   abi::Extra_REGISTER, asPtr(Mod), nullptr),
		CtorPriority);
	appendToGlobalDtors(M,
			    callOnce(M, DtorName, abi::SymUNREGISTER,
				     abi::Extra_UNREGISTER, asPtr(Mod), nullptr),
			    DtorPriority);
}

} // namespace ccprof
