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
 * The layouts must match runtime/ccprof_abi.h (ABI version 2).
 */
#include "module_table.h"
#include "compat.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace ccprof {

const char ModuleTableName[] = "__ccprof_module";
static const char DescTableName[] = "__ccprof_ccs";
static const char RegisterName[] = "__ccprof_register";
static const char RegisterThreadName[] = "__ccprof_register_thread";
static const char UnregisterName[] = "__ccprof_unregister";
static const char CtorName[] = "__ccprof_module_ctor";
static const char DtorName[] = "__ccprof_module_dtor";
static const unsigned AbiVersion = 2;      /* CCPROF_ABI_VERSION */
static const unsigned FlagShared = 1;      /* CCPROF_CC_SHARED */
static const int CtorPriority = 65535;     /* after the program's own */

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
			  Constant *Mod, GlobalVariable *ThreadCalls)
{
	LLVMContext &Ctx = M.getContext();
	Type *Void = Type::getVoidTy(Ctx);
	std::vector<Type *> Params = {ptrType(Ctx)};
	if (ThreadCalls)
		Params.push_back(ptrType(Ctx));
	FunctionCallee Target = M.getOrInsertFunction(
		Callee, FunctionType::get(Void, Params, false));
	Function *F = Function::Create(FunctionType::get(Void, false),
				       GlobalValue::InternalLinkage, Name, M);
	IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
	std::vector<Value *> Args = {Mod};
	if (ThreadCalls)
		Args.push_back(B.CreatePointerCast(
			threadLocalAddress(B, ThreadCalls), ptrType(Ctx)));
	B.CreateCall(Target, Args);
	B.CreateRetVoid();
	return F;
}

void emitModuleTable(Module &M, const Options &O,
		     const std::vector<CostCentre> &CCs,
		     GlobalVariable *ThreadCalls)
{
	LLVMContext &Ctx = M.getContext();
	Type *I32 = Type::getInt32Ty(Ctx);
	PointerType *P = ptrType(Ctx);

	StructType *DescTy = StructType::get(Ctx, {P, P, P, I32, I32});
	std::vector<Constant *> Descs;
	for (const CostCentre &CC : CCs)
		Descs.push_back(ConstantStruct::get(
			DescTy, {asPtr(CC.Counters), stringConstant(M, CC.Symbol),
				 stringConstant(M, CC.File),
				 ConstantInt::get(I32, CC.Line),
				 ConstantInt::get(I32, CC.Shared ? FlagShared : 0)}));
	ArrayType *TableTy = ArrayType::get(DescTy, Descs.size());
	GlobalVariable *Table = new GlobalVariable(
		M, TableTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
		ConstantArray::get(TableTy, Descs), DescTableName);

	StructType *ModTy = StructType::get(Ctx, {I32, I32, P, P, P, P});
	Constant *ModInit = ConstantStruct::get(
		ModTy, {ConstantInt::get(I32, AbiVersion),
			ConstantInt::get(I32, Descs.size()), asPtr(Table),
			stringConstant(M, compilerIdent(M)),
			stringConstant(M, O.Canonical),
			stringConstant(M, M.getSourceFileName())});
	GlobalVariable *Mod = new GlobalVariable(
		M, ModTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
		ModInit, ModuleTableName);

	appendToGlobalCtors(M,
			    callOnce(M, CtorName,
				     ThreadCalls ? RegisterThreadName
						 : RegisterName,
				     asPtr(Mod), ThreadCalls),
			    CtorPriority);
	appendToGlobalDtors(M,
			    callOnce(M, DtorName, UnregisterName, asPtr(Mod),
				     nullptr),
			    CtorPriority);
}

} // namespace ccprof
