/*
 * instrument.cpp - the IR rules of ccprof (SPEC section 3), for one
 * function.  For a profiled function F, before and after:
 *
 *   define i32 @f(i32 %x) {              define i32 @f(i32 %x) {
 *   entry:                               entry:
 *                                          %c = load i64, ptr @__ccprof_tcalls
 *                                          %c1 = add i64 %c, 1
 *                                          store i64 %c1, ptr @__ccprof_tcalls
 *                                          store volatile ptr @__ccprof_cnt.f,
 *                                                ptr @__ccprof_current
 *     %a = call i32 @g(i32 %x)             %a = call i32 @g(i32 %x)
 *                                          store volatile ptr @__ccprof_cnt.f,
 *                                                ptr @__ccprof_current
 *     %b = call i32 @f(i32 %a)             %b = call i32 @f(i32 %a)  ; self
 *     %r = call i32 @h(i32 %b)             %r = call i32 @h(i32 %b)  ; tail
 *     ret i32 %r                           ret i32 %r
 *   }                                    }
 *
 * (counters=thread, the default, counts in the unit's thread-local array
 * __ccprof_tcalls[i]; counters=plain|atomic in the shared record.)
 *
 * Why each rule (Appel, Duba & MacQueen 1988, section 2):
 *  - entry: count the call and charge what follows to F;
 *  - after a call: the callee pointed `current` at itself; the caller
 *    resets it (no shadow stack, no exit hook);
 *  - not after a tail call: F returns at once and its caller resets, and
 *    a store there would stop the call from becoming a jump;
 *  - not after a direct self-call: `current` already points at F;
 *  - not after intrinsics that cannot run user code (memcpy, lifetime,
 *    dbg...), nor after C library functions that cannot (strlen,
 *    printf, ...; not qsort): nothing can have changed `current`;
 *  - landing pads: an exception may arrive from any callee's frame.
 * The stores are volatile so that no pass deletes or merges them: once a
 * callee is inlined, its entry store and its caller's reset are adjacent
 * in straight-line code, and dead-store elimination would otherwise drop
 * the callee's store and with it the callee's time.
 *
 * An excluded function keeps `current` unchanged on entry (its time goes
 * to its caller) and restores the value it found after each call, so a
 * profiled callee is never charged for the excluded function's own work
 * after it returns (Appel section 4).
 *
 * Context mode (mode=context; runtime/ccprof_abi.h, docs/design.md):
 *
 *   entry:                                 ; after the allocas
 *     %p = load volatile ptr, ptr @__ccprof_current
 *     %t = load ptr, ptr @__ccprof_tctx[i]   ; this thread's memo table
 *     %mask = load i64, ptr %t
 *     %way = %t + 16 + ((ptrtoint %p >> 2) & %mask) ; the way for this caller
 *     %from = load ptr, ptr %way.from
 *     %to = load ptr, ptr %way.to
 *     %hit = icmp eq %from, %p
 *     br %hit, label %ccprof.entered, label %ccprof.slow  ; unlikely slow
 *   ccprof.slow:                           ; x86-64: inline asm (below)
 *     %s = call ptr @__ccprof_ctx_enter(%p, @__ccprof_ccs[i], @__ccprof_tctx[i])
 *   ccprof.entered:
 *     %n = phi ptr [%to, %entry], [%s, %ccprof.slow]
 *     %c = load i64, ptr %n ; add 1 ; store       ; n->calls += 1
 *     store volatile ptr %n, ptr @__ccprof_current
 *   after a non-tail call, in a landing pad:
 *     store volatile ptr %n, ptr @__ccprof_current
 *
 * A CCPROF_SCC scope keeps its
 * node in an alloca (a jump into the scope does not pass its entry).
 *
 * With transitions=call-site (direct_entry.h) a function split into an
 * entry and a body makes the transition above in its entry and passes
 * the node to its body, whose node is that argument; a direct call of
 * such a body loads the node from the caller's kid slot instead
 * (enterAtCallSite).
 */
#include "instrument.h"
#include "abi.h"
#include "body_names.h"
#include "compat.h"
#include "levers.h"
#include "../plugin-common/levers.h"
#include "tail_position.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <algorithm>
#include <map>

#include <vector>

using namespace llvm;

namespace ccprof {

static const char *const CurrentName = abi::SymCURRENT;
static const char *const ThreadCallsName = abi::SymTCALLS;
static const char *const SlotsName = abi::SymTCC;
static const char *const MemosName = abi::SymTCTX;
using abi::CallsWord;
using abi::CountersPrefix;
using abi::CountersWords;

/* The program's main: an external function named main (in C++, the
 * unmangled ::main). */
static bool isProgramMain(const Function &F)
{
	return F.getName() == "main" && F.hasExternalLinkage();
}

/* Whether F calls any function (an intrinsic does not count). */
static bool callsAnything(const Function &F)
{
	for (const BasicBlock &BB : F)
		for (const Instruction &I : BB)
			if (const auto *Call = dyn_cast<CallBase>(&I))
				if (!isa<IntrinsicInst>(Call))
					return true;
	return false;
}

/* A function the loader or the C library runs, not the program: main,
 * and a static constructor or destructor (llvm.global_ctors and
 * llvm.global_dtors: `constructor` and `destructor` attributes, C++'s
 * initialisers of globals). */
static bool startsFromRoot(const Function &F)
{
	if (isProgramMain(F))
		return true;
	for (const char *List : {"llvm.global_ctors", "llvm.global_dtors"}) {
		const GlobalVariable *GV = F.getParent()->getNamedGlobal(List);
		if (!GV || !GV->hasInitializer())
			continue;
		const auto *A = dyn_cast<ConstantArray>(GV->getInitializer());
		if (!A)
			continue;
		for (const Use &U : A->operands()) {
			const auto *S = dyn_cast<ConstantStruct>(U.get());
			if (S && S->getNumOperands() >= 2 &&
			    S->getOperand(1)->stripPointerCasts() == &F)
				return true;
		}
	}
	return false;
}

/* A shared object (PIC, not PIE) cannot use local-exec; initial-exec
 * works for libraries linked at start-up and for dlopen while glibc's
 * static TLS surplus lasts (docs/runtime.md). */
bool isSharedObject(const Module &M)
{
	return M.getPICLevel() != PICLevel::NotPIC &&
	       M.getPIELevel() == PIELevel::Default;
}

/* In an executable, `current` is defined here, weak (every unit has the
 * same zero-initialised definition; the link keeps one, and libccprof.a's
 * strong one wins over them) and reached local-exec: a store is one
 * instruction, %fs:__ccprof_current.tls@tpoff, with no register holding the
 * offset from the GOT.  libccprof.so reaches its own `current` through a
 * TPOFF64 relocation against the symbol, which the dynamic linker binds to
 * the executable's definition, so runtime and program share one variable.
 * A shared object declares it and goes through the GOT (initial-exec). */
GlobalVariable *declareCurrent(Module &M)
{
	if (GlobalVariable *GV = M.getNamedGlobal(CurrentName))
		return GV;
	PointerType *P = ptrType(M.getContext());
	bool Exe = !isSharedObject(M);
	GlobalVariable *GV = new GlobalVariable(
		M, P, /*isConstant=*/false,
		Exe ? GlobalValue::WeakAnyLinkage : GlobalValue::ExternalLinkage,
		Exe ? ConstantPointerNull::get(P) : nullptr, CurrentName,
		/*InsertBefore=*/nullptr,
		Exe ? GlobalValue::LocalExecTLSModel
		    : GlobalValue::InitialExecTLSModel);
	return GV;
}

GlobalVariable *createThreadCalls(Module &M, unsigned N)
{
	ArrayType *Ty = ArrayType::get(Type::getInt64Ty(M.getContext()), N);
	bool SharedObject = isSharedObject(M);
	GlobalVariable *GV = new GlobalVariable(
		M, Ty, /*isConstant=*/false, GlobalValue::InternalLinkage,
		ConstantAggregateZero::get(Ty), ThreadCallsName,
		/*InsertBefore=*/nullptr,
		SharedObject ? GlobalValue::InitialExecTLSModel
			     : GlobalValue::LocalExecTLSModel);
	GV->setAlignment(Align(8));
	return GV;
}

/* `current` is set with a TLS offset (runtime/ccprof_abi.h) in
 * executables for x86-64 (LP64), where both the slot and `current` are
 * local-exec. */
static bool setsCurrentBySlot(const Module &M)
{
	return !isSharedObject(M) && isX86_64LP64(M);
}

/* On x86-64 (LP64) context mode calls its slow path from inline
 * assembly that keeps every general register but rax, r10 and r11
 * (runtime/context_entry.c says why and how), so the unlikely call
 * does not give a leaf a frame on its fast path. */
static bool keepsRegisters(const Function &F)
{
	return isX86_64LP64(*F.getParent());
}

/* Whether F is a C++ coroutine before CoroSplit (it suspends).  Its
 * code after a suspension point runs when someone resumes it, maybe on
 * another thread, long after the node it entered was its own, so it keeps
 * the node in a slot (the coroutine frame) and enters it again from the
 * resumer's `current` at each resumption (reenterAfterSuspends). */
static bool isCoroutine(const Function &F)
{
	for (const BasicBlock &BB : F)
		for (const Instruction &I : BB)
			if (const auto *II = dyn_cast<IntrinsicInst>(&I))
				if (II->getIntrinsicID() ==
				    Intrinsic::coro_suspend)
					return true;
	return false;
}

/* Context mode: whether F keeps its node in a stack slot, reloaded
 * (volatile) at each reset and call-site transition, rather than in a
 * register from the entry on.  Only a function with a computed goto (an
 * interpreter's dispatch, Lua's luaV_execute), and only where LLVM's
 * allocator needs it (compat.h): with LLVM 14 the node, live over every
 * dispatch, took a register from the loop, and the allocator moved it
 * and the interpreter's own values between registers at every dispatch
 * (Lua, calls.lua 1: luaV_execute ran 188 million register moves against
 * flat mode's 68 million; with the slot 91 million, and 1.2-1.5% fewer
 * instructions in all).  Elsewhere a register is cheaper: the slot in
 * every function of 20 resets or more cost Lua 1.3% more instructions
 * than the register, SQLite 0.3% (docs/benchmarks.md). */
static bool keepsNodeInMemory(const Function &F)
{
	if (isCoroutine(F))
		return true;
	if (!nodeInMemoryAtComputedGoto())
		return false;
	for (const BasicBlock &BB : F)
		if (isa<IndirectBrInst>(BB.getTerminator()))
			return true;
	return false;
}

/* The slow path Symbol as inline assembly: from (or the caller's node)
 * in rdi; the descriptor, a link-time constant (operand $2), put in rsi
 * by the assembly itself; this thread's memo table pointer likewise in
 * an executable (operand $3, local-exec: the thread pointer is read only
 * here, never on the fast path), in a shared object in rdx from the
 * compiler (an initial-exec address takes the GOT); a kid slot's index
 * in rcx.  The assembly first steps over the 128 bytes below the stack
 * pointer (a leaf's red zone, where the compiler may keep anything) and
 * only then saves rdi, rsi, rdx and rcx, always those four, so that the
 * stub's caller is 160 bytes above its return address, as the stub's CFI
 * says (runtime/context_entry.c).  With AnyRegisters (a site entry's
 * slow path) from and the slot are in any registers. */
static InlineAsm *slowPathAsm(FunctionType *FT, const char *Symbol,
			      bool SharedObject, bool AnyRegisters)
{
	static const char Save[] = "lea -128(%rsp), %rsp\n\tpushq %rdi\n\t"
				   "pushq %rsi\n\tpushq %rdx\n\tpushq %rcx\n\t";
	static const char Restore[] = "@PLT\n\tpopq %rcx\n\tpopq %rdx\n\t"
				      "popq %rsi\n\tpopq %rdi\n\t"
				      "lea 128(%rsp), %rsp";
	std::string Text, Operands = "={rax},{rdi},i,";
	if (AnyRegisters) {
		/* A site entry (site_entry.h): from and the slot arrive in
		 * argument registers the body's call needs again, so they
		 * are "r" operands, moved into rdi and rcx through the
		 * stack (as the GCC plugin does). */
		Text = std::string(Save) +
		       "pushq $1\n\tpushq $4\n\tpopq %rcx\n\tpopq %rdi\n\t"
		       "leaq ${2:c}(%rip), %rsi\n\tmovq %fs:0, %rdx\n\t"
		       "leaq ${3:c}@tpoff(%rdx), %rdx\n\tcall " +
		       Symbol + Restore;
		Operands = "={rax},r,i,i,r,";
	} else if (SharedObject) {
		Text = std::string(Save) + "leaq ${2:c}(%rip), %rsi\n\tcall " +
		       Symbol + Restore;
		Operands += "{rdx},";
	} else {
		Text = std::string(Save) +
		       "leaq ${2:c}(%rip), %rsi\n\tmovq %fs:0, %rdx\n\t"
		       "leaq ${3:c}@tpoff(%rdx), %rdx\n\tcall " +
		       Symbol + Restore;
		Operands += "i,";
	}
	if (FT->getNumParams() == 4 && !AnyRegisters)
		Operands += "{rcx},";
	return InlineAsm::get(
		FT, Text,
		Operands + "~{r10},~{r11},~{xmm0},~{xmm1},~{xmm2},~{xmm3},"
			   "~{xmm4},~{xmm5},~{xmm6},~{xmm7},~{xmm8},~{xmm9},"
			   "~{xmm10},~{xmm11},~{xmm12},~{xmm13},~{xmm14},"
			   "~{xmm15},~{memory},~{dirflag},~{fpsr},~{flags}",
		/*hasSideEffects=*/true);
}

GlobalVariable *createCurrentSlots(Module &M, unsigned N)
{
	if (!setsCurrentBySlot(M))
		return nullptr;
	ArrayType *Ty = ArrayType::get(ptrType(M.getContext()), N + 1);
	GlobalVariable *GV = new GlobalVariable(
		M, Ty, /*isConstant=*/false, GlobalValue::InternalLinkage,
		ConstantAggregateZero::get(Ty), SlotsName,
		/*InsertBefore=*/nullptr, GlobalValue::LocalExecTLSModel);
	GV->setAlignment(Align(8));
	return GV;
}

ContextGlobals createContextGlobals(Module &M, unsigned N)
{
	LLVMContext &Ctx = M.getContext();
	PointerType *P = ptrType(Ctx);
	/* libccprof's table of no transition, every entry's first value */
	ArrayType *NoMemoTy = ArrayType::get(abi::ctxMemoType(Ctx), 2);
	GlobalVariable *NoMemo = M.getGlobalVariable(abi::SymCTX_NOMEMO);
	if (!NoMemo)
		NoMemo = new GlobalVariable(M, NoMemoTy, /*isConstant=*/true,
					    GlobalValue::ExternalLinkage,
					    nullptr, abi::SymCTX_NOMEMO);
	ArrayType *Ty = ArrayType::get(P, N);
	GlobalVariable *Memos = new GlobalVariable(
		M, Ty, /*isConstant=*/false, GlobalValue::InternalLinkage,
		ConstantArray::get(Ty, std::vector<Constant *>(
					       N, asPtr(NoMemo))),
		MemosName, /*InsertBefore=*/nullptr,
		isSharedObject(M) ? GlobalValue::InitialExecTLSModel
				  : GlobalValue::LocalExecTLSModel);
	Memos->setAlignment(Align(8));
	ArrayType *TableTy = ArrayType::get(abi::ccDescType(Ctx), N);
	GlobalVariable *Table = new GlobalVariable(
		M, TableTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
		/*Initializer=*/nullptr, abi::SymCC_TABLE);
	return {Memos, Table};
}

void fillCurrentSlots(GlobalVariable *Slots,
		      const std::vector<CostCentre> &CCs)
{
	if (!Slots)
		return;
	std::vector<Constant *> Records{
		ConstantPointerNull::get(ptrType(Slots->getContext()))};
	for (const CostCentre &CC : CCs)
		Records.push_back(asPtr(CC.Counters));
	Slots->setInitializer(ConstantArray::get(
		cast<ArrayType>(Slots->getValueType()), Records));
}

bool isInstrumentable(const Function &F)
{
	if (F.isDeclaration() || F.hasAvailableExternallyLinkage())
		return false;
	if (F.hasFnAttribute(Attribute::Naked))
		return false;
	if (startsWith(F.getName(), "__ccprof_") || isSccMarker(&F))
		return false;
	return true;
}

bool mayBeCalledBack(const Function &F)
{
	return F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false,
				 /*IgnoreAssumeLikeCalls=*/true,
				 /*IgnoreLLVMUsed=*/true);
}

bool isCompilerMade(const Function &F)
{
	/* Functions clang makes that have no counterpart in the source (or
	 * in GCC's output): static initialisers and finalisers, the
	 * terminate helper, thread_local wrappers and initialisers, thunks,
	 * coroutines' await_suspend wrappers. */
	static const char *const Prefixes[] = {
		"__cxx_global_var_init", "__cxx_global_array_dtor",
		"_GLOBAL__sub_I_", "_GLOBAL__D_", "__clang_call_terminate",
		"__dtor_", "__tls_init", "_ZTW", "_ZTH", "_ZTh", "_ZTv", "_ZTc",
	};
	/* The casts GCC 12 folds even at -O0 (-ffold-simple-inlines) and
	 * clang 15+ treats as builtins; only clang 14 calls them.  The
	 * one-argument forms: std::move(first, last, out) is an algorithm. */
	static const char *const FoldedCasts[] = {
		"_ZSt4moveI", "_ZSt7forwardI", "_ZSt9addressofI",
		"_ZSt11__addressofI", "_ZSt8as_constI",
	};
	for (const char *P : Prefixes)
		if (startsWith(F.getName(), P))
			return true;
	/* clang 19+: each co_await's call of await_suspend, outlined */
	if (F.getName().find(".__await_suspend_wrapper__") != StringRef::npos)
		return true;
	if (isOutlinedHelper(F))
		return true;
	if (F.arg_size() == 1)
		for (const char *P : FoldedCasts)
			if (startsWith(F.getName(), P))
				return true;
	return false;
}

/* A name reserved to the implementation at file scope: C's _x, or C++'s
 * internal-linkage _ZL<length>_x (a static function of the global
 * namespace). */
static bool reservedAtFileScope(StringRef Symbol)
{
	if (Symbol.consume_front("_ZL"))
		Symbol = Symbol.drop_while(
			[](char C) { return C >= '0' && C <= '9'; });
	else if (startsWith(Symbol, "_Z"))
		return false; /* in a namespace or class */
	return Symbol.size() > 1 && Symbol[0] == '_';
}

bool isImplementationInline(const Function &F)
{
	return F.hasLocalLinkage() &&
	       F.hasFnAttribute(Attribute::AlwaysInline) &&
	       reservedAtFileScope(symbolOf(F));
}

std::string symbolOf(const Function &F)
{
	StringRef Name = F.getName();
	if (!Name.empty() && Name[0] == '\1')
		Name = Name.drop_front();
	return Name.str();
}

/* Intrinsics that may run user code, and so need a reset after them. */
bool intrinsicMayCallBack(const Function *Callee)
{
	switch (Callee->getIntrinsicID()) {
	case Intrinsic::coro_resume:
	case Intrinsic::coro_destroy:
	case Intrinsic::experimental_gc_statepoint:
	case Intrinsic::experimental_patchpoint_void:
		return true;
	default:
		return false;
	}
}

/* A C library function that cannot run code of the program before it
 * returns: the same rule as the GCC plugin's for GCC's library builtins
 * (memcpy, strlen, printf, malloc, sqrt, ...), so both compilers give the
 * same profiles.  Not: functions taking a callback (qsort, atexit, ...),
 * C++'s replaceable operator new/delete (GCC does not treat them as
 * builtins either), and anything -fno-builtin or a definition in this
 * unit makes the program's own. */
static bool libraryCannotCallBack(const CallBase *Call, const Function *Callee,
				  const TargetLibraryInfo *TLI)
{
	static const char *const CallsBack[] = {
		"qsort", "bsearch", "atexit", "at_quick_exit", "on_exit",
		"__cxa_atexit", "__cxa_thread_atexit", "__cxa_thread_atexit_impl",
		"pthread_once", "pthread_create", "signal", "sigaction",
	};
	LibFunc LF;
	if (!TLI || !Callee->isDeclaration() || !TLI->getLibFunc(*Call, LF))
		return false;
	if (startsWith(Callee->getName(), "_Z"))
		return false;
	for (const char *Name : CallsBack)
		if (Callee->getName() == Name)
			return false;
	return true;
}

bool mayMoveCurrent(CallBase *Call, const TargetLibraryInfo *TLI)
{
	if (Call->isInlineAsm())
		return false;
	const Function *Callee = Call->getCalledFunction();
	if (isSccMarker(Callee))
		return false; /* removed once the scopes are known */
	if (Callee && Callee->isIntrinsic() && !intrinsicMayCallBack(Callee))
		return false;
	if (Callee && libraryCannotCallBack(Call, Callee, TLI))
		return false;
	/* a tiny leaf, or charged to its caller (levers.h) */
	return !calleeLeavesCurrentUnchanged(Callee);
}

/* Whether `current` must be set again once Call returns into F. */
static bool needsResetAfter(const Function &F, CallBase *Call,
			    const TargetLibraryInfo *TLI)
{
	if (!mayMoveCurrent(Call, TLI))
		return false;
	if (Call->getCalledFunction() == &F)
		return false; /* direct self-call */
	if (Call->doesNotReturn())
		return false;
	if (isa<CallBrInst>(Call))
		return false;
	if (CallInst *CI = dyn_cast<CallInst>(Call))
		if (isInTailPosition(CI) && !restoresAfterTailCalls(F))
			return false;
	return true;
}

/* Every instruction before which `current` must be (re)set: after each
 * call that needs it, at the start of each invoke's normal destination,
 * and in each landing pad.  Collected first, because inserting splits
 * edges. */
static std::vector<Instruction *>
collectResetPoints(Function &F, const TargetLibraryInfo *TLI)
{
	std::vector<Instruction *> Points;
	std::vector<InvokeInst *> Invokes;

	for (BasicBlock &BB : F) {
		if (BB.isLandingPad())
			Points.push_back(&*BB.getFirstInsertionPt());
		for (Instruction &I : BB) {
			CallBase *Call = dyn_cast<CallBase>(&I);
			if (!Call || !needsResetAfter(F, Call, TLI))
				continue;
			if (InvokeInst *Inv = dyn_cast<InvokeInst>(Call))
				Invokes.push_back(Inv);
			else
				Points.push_back(Call->getNextNode());
		}
	}
	for (InvokeInst *Inv : Invokes) {
		BasicBlock *Normal = Inv->getNormalDest();
		if (!Normal->getSinglePredecessor())
			Normal = SplitEdge(Inv->getParent(), Normal);
		Points.push_back(&*Normal->getFirstInsertionPt());
	}
	return Points;
}

/* First point in the entry block after its static allocas. */
static Instruction *entryPoint(Function &F)
{
	BasicBlock::iterator It = F.getEntryBlock().getFirstInsertionPt();
	while (isa<AllocaInst>(*It))
		++It;
	return &*It;
}

static void storeCurrent(Instruction *Before, GlobalVariable *Current,
			 Value *V)
{
	IRBuilder<> B(Before);
	B.CreateStore(V, threadLocalAddress(B, Current), /*isVolatile=*/true);
}

/* current := the TLS offset of the function's slot: one
 *     movq $__ccprof_tcc+8*(Index+1)@tpoff, %fs:__ccprof_current.tls@tpoff
 * The slot is an "i" operand, so the symbol stays right whatever LTO
 * renames; `current` has a fixed name (declareCurrent).  The slots start
 * at index 1: the x86 back end takes a thread-local address as an "i"
 * operand only as a symbol plus a non-zero offset.  The asm only writes
 * `current`, which nothing in the program reads: it is marked as touching
 * inaccessible memory only (the optimisers move ordinary loads and stores
 * across it, as across the volatile store it replaces), never removed
 * (sideeffect), and kept in order with the other `current` asms. */
static void storeCurrentSlot(Instruction *Before, GlobalVariable *Current,
			     GlobalVariable *Slots, unsigned Index)
{
	IRBuilder<> B(Before);
	Type *I64 = B.getInt64Ty();
	Constant *Slot = ConstantExpr::getInBoundsGetElementPtr(
		Slots->getValueType(), Slots,
		ArrayRef<Constant *>{ConstantInt::get(I64, 0),
				     ConstantInt::get(I64, Index + 1)});
	FunctionType *FT =
		FunctionType::get(B.getVoidTy(), {Slot->getType()}, false);
	InlineAsm *Asm = InlineAsm::get(
		FT, "movq $$${0:c}@tpoff, %fs:" + Current->getName().str() +
			    "@tpoff",
		"i", /*hasSideEffects=*/true);
	CallInst *Call = B.CreateCall(FT, Asm, {Slot});
	Call->addFnAttr(Attribute::NoUnwind);
	Call->addFnAttr(Attribute::WillReturn);
	Call->addFnAttr(Attribute::NoSync);
	Call->setOnlyAccessesInaccessibleMemory();
}

/* The unit's TLS-offset stores: the inline assembly calls whose
 * operand is a slot of Slots (storeCurrentSlot). */
static std::vector<CallInst *> slotStores(GlobalVariable *Slots)
{
	std::vector<CallInst *> Stores;
	for (User *Slot : Slots->users())
		for (User *U : Slot->users())
			if (CallInst *Call = dyn_cast<CallInst>(U))
				if (Call->isInlineAsm())
					Stores.push_back(Call);
	return Stores;
}

bool storeAddressesIfMany(GlobalVariable *&Slots, GlobalVariable *Current,
			  const std::vector<CostCentre> &CCs, unsigned Limit)
{
	if (!Slots || !Limit)
		return false;
	std::vector<CallInst *> Stores = slotStores(Slots);
	if (Stores.size() <= Limit)
		return false;
	const DataLayout &DL = Slots->getParent()->getDataLayout();
	for (CallInst *Call : Stores) {
		APInt Offset(DL.getIndexTypeSizeInBits(Slots->getType()), 0);
		cast<GEPOperator>(Call->getArgOperand(0))
			->accumulateConstantOffset(DL, Offset);
		uint64_t Slot = Offset.getZExtValue() /
				DL.getPointerSize() - 1;
		storeCurrent(Call, Current, asPtr(CCs[Slot].Counters));
		Call->eraseFromParent();
	}
	Slots->removeDeadConstantUsers();
	Slots->eraseFromParent();
	Slots = nullptr;
	return true;
}

static GlobalVariable *createCounters(Function &F, const std::string &Symbol,
				      bool &Shared)
{
	Module &M = *F.getParent();
	LLVMContext &Ctx = M.getContext();
	ArrayType *Ty = ArrayType::get(Type::getInt64Ty(Ctx), CountersWords);
	std::string Name = CountersPrefix + Symbol;

	/* Functions the linker may merge (C++ inline functions, templates)
	 * get counters that the linker merges the same way: weak, hidden,
	 * in a COMDAT group named after the counters themselves (not the
	 * function's group, whose members differ between units once the
	 * function is inlined away). */
	Shared = F.isWeakForLinker() && !F.hasLocalLinkage();
	GlobalVariable *GV = new GlobalVariable(
		M, Ty, /*isConstant=*/false,
		Shared ? GlobalValue::LinkOnceODRLinkage
		       : GlobalValue::PrivateLinkage,
		ConstantAggregateZero::get(Ty), Name);
	if (Shared) {
		GV->setVisibility(GlobalValue::HiddenVisibility);
		GV->setComdat(M.getOrInsertComdat(Name));
	}
	GV->setAlignment(Align(8));
	return GV;
}

/* calls += 1 on entry: in the unit's thread-local array (counters=thread)
 * or in the shared record (plain, atomic). */
static void countEntry(Instruction *Before, const Options &O,
		       GlobalVariable *Counters, GlobalVariable *ThreadCalls,
		       unsigned Index)
{
	IRBuilder<> B(Before);
	Type *I64 = B.getInt64Ty();
	static_assert(CallsWord == 0, "calls is the first word");
	Value *Calls;
	if (O.Counters == Options::Thread)
		Calls = B.CreateConstInBoundsGEP2_64(
			ThreadCalls->getValueType(),
			threadLocalAddress(B, ThreadCalls), 0, Index);
	else
		Calls = B.CreatePointerCast(Counters, pointerTo(I64));
	if (O.Counters == Options::Atomic) {
		B.CreateAtomicRMW(AtomicRMWInst::Add, Calls,
				  ConstantInt::get(I64, 1), MaybeAlign(8),
				  AtomicOrdering::Monotonic);
		return;
	}
	Value *N = B.CreateAlignedLoad(I64, Calls, Align(8));
	B.CreateAlignedStore(B.CreateAdd(N, ConstantInt::get(I64, 1)), Calls,
			     Align(8));
}

/* A function the front end made implicitly (a defaulted destructor,
 * copy constructor, ...) is placed, as GCC places it, at its class.
 * Clang gives such a member of a class template's partial
 * specialization the line of the primary template (std::function's
 * ~function at std_function.h:111, where GCC says 334). */
void sourceLocation(const Function &F, std::string &File, unsigned &Line)
{
	if (const DISubprogram *SP = F.getSubprogram()) {
		File = SP->getFilename().str();
		Line = SP->getLine();
		const auto *Class =
			dyn_cast_or_null<DICompositeType>(SP->getScope());
		if (SP->isArtificial() && Class && Class->getLine()) {
			File = Class->getFilename().str();
			Line = Class->getLine();
		}
	} else {
		File = F.getParent()->getSourceFileName();
		Line = 0;
	}
	/* one name per file: clang names a .c file another includes
	 * "./u.c" there and "u.c" in its own unit */
	std::vector<char> Normal(File.size() + 2);
	if (ccprof_normal_path(File.c_str(), Normal.data(), Normal.size()) == 0)
		File = Normal.data();
}

void describeFunction(Function &F, CostCentre &CC)
{
	sourceLocation(F, CC.File, CC.Line);
	CC.Counters = createCounters(F, symbolOf(F), CC.Shared);
	CC.Symbol = displayName(F);
	CC.Kind = ccprof_function_kind(symbolOf(F).c_str(), CC.Symbol.c_str());
	if (CC.Line)
		CC.Line = displayLine(F);
}

namespace {

/* Where `current` points in one part of a function: a cost centre (its
 * slot or its record), or, outside the scopes of an excluded function,
 * what the function found on entry. */
struct Target {
	int Index;		/* -1: Saved */
	GlobalVariable *Counters;
	int Scope;		/* index into Scopes, -1: the function's own */
};

struct FunctionInstrumenter {
	Function &F;
	const Options &O;
	const TargetLibraryInfo *TLI;
	GlobalVariable *Current, *ThreadCalls, *Slots;
	const std::vector<SccScope> &Scopes;
	Target Outer;			/* outside the scopes */
	Value *Saved = nullptr;		/* excluded: `current` on entry */
	Value *Found = nullptr;		/* `current` on entry, put back at
					 * each return (RestoresOnReturn) */
	std::map<const BasicBlock *, int> ScopeOf; /* index into Scopes */
	const ContextGlobals *Ctx;	/* mode=context, else null */
	const DirectCalls *Direct;	/* context: calls at the call site */
	Value *OuterNode = nullptr;	/* context: the function's node */
	AllocaInst *NodeSlot = nullptr;	/* context: where it is kept, if
					 * keepsNodeInMemory */
	std::vector<AllocaInst *> ScopeNodes; /* context: each scope's node */

	FunctionInstrumenter(Function &F, const Options &O,
			     const TargetLibraryInfo *TLI,
			     GlobalVariable *Current,
			     GlobalVariable *ThreadCalls,
			     GlobalVariable *Slots,
			     const std::vector<SccScope> &Scopes, Target Outer,
			     const ContextGlobals *Ctx, const DirectCalls *Direct)
		: F(F), O(O), TLI(TLI), Current(Current),
		  ThreadCalls(ThreadCalls), Slots(Slots), Scopes(Scopes),
		  Outer(Outer), Ctx(Ctx), Direct(Direct)
	{
	}

	/* Context mode: the node (or saved value) part T charges, as a
	 * value at B's insertion point. */
	Value *nodeOf(IRBuilder<> &B, Target T) const
	{
		if (T.Index < 0)
			return Saved;
		if (T.Scope < 0)
			return outerNode(B);
		return B.CreateLoad(ptrType(F.getContext()),
				    ScopeNodes[T.Scope], "ccprof.scope.node");
	}

	/* Context mode: the function's node at B's insertion point: the
	 * value from the entry, or a volatile load of its slot (a load
	 * SROA leaves in memory). */
	Value *outerNode(IRBuilder<> &B) const
	{
		if (!NodeSlot)
			return OuterNode;
		return B.CreateLoad(ptrType(F.getContext()), NodeSlot,
				    /*isVolatile=*/true, "ccprof.node.kept");
	}

	/* Context mode: &__ccprof_tctx[Index], this thread's memo table
	 * pointer for cost centre Index. */
	Value *memoOf(IRBuilder<> &B, unsigned Index) const
	{
		Type *I64 = B.getInt64Ty();
		return B.CreateInBoundsGEP(
			Ctx->Memos->getValueType(),
			threadLocalAddress(B, Ctx->Memos),
			{ConstantInt::get(I64, 0), ConstantInt::get(I64, Index)});
	}

	/* Context mode: &__ccprof_ccs[Index]. */
	Constant *descOf(unsigned Index) const
	{
		Type *I64 = Type::getInt64Ty(F.getContext());
		return asPtr(ConstantExpr::getInBoundsGetElementPtr(
			Ctx->Table->getValueType(), Ctx->Table,
			ArrayRef<Constant *>{ConstantInt::get(I64, 0),
					     ConstantInt::get(I64, Index)}));
	}

	/* Context mode: before Before, if Miss (unlikely), the slow path
	 * Symbol(From, &__ccprof_ccs[Index], &__ccprof_tctx[Index][, Slot])
	 * (inline assembly on x86-64; else a call, with the fast path's
	 * Memo, &__ccprof_tctx[Index], if it has one); the node, Fast or the slow path's,
	 * as a phi named Prefix.node (blocks Prefix.slow and
	 * Prefix.entered). */
	PHINode *slowPathIf(Value *Miss, Instruction *Before, Value *Fast,
			    const char *Symbol, const std::string &Prefix,
			    Value *From, unsigned Index, Value *Slot,
			    Value *Memo = nullptr)
	{
		LLVMContext &C = F.getContext();
		PointerType *P = ptrType(C);
		Type *I64 = Type::getInt64Ty(C);
		MDBuilder MDB(C);
		BasicBlock *Head = Before->getParent();
		Instruction *SlowTerm = SplitBlockAndInsertIfThen(
			Miss, Before, /*Unreachable=*/false,
			MDB.createBranchWeights(1, 1 << 20));
		SlowTerm->getParent()->setName(Prefix + ".slow");
		Before->getParent()->setName(Prefix + ".entered");
		IRBuilder<> S(SlowTerm);
		Value *Table;
		bool Shared = isSharedObject(*F.getParent());
		if (keepsRegisters(F) && !Shared) /* an "i" operand */
			Table = asPtr(ConstantExpr::getInBoundsGetElementPtr(
				Ctx->Memos->getValueType(), Ctx->Memos,
				ArrayRef<Constant *>{ConstantInt::get(I64, 0),
						     ConstantInt::get(I64, Index)}));
		else	/* the fast path's, if it has it */
			Table = S.CreatePointerCast(Memo ? Memo : memoOf(S, Index),
						    P);
		SmallVector<Value *, 4> Args = {S.CreatePointerCast(From, P),
						descOf(Index), Table};
		if (Slot)
			Args.push_back(Slot);
		SmallVector<Type *, 4> Params;
		for (Value *A : Args)
			Params.push_back(A->getType());
		FunctionType *FT = FunctionType::get(P, Params, false);
		CallInst *Slow;
		if (keepsRegisters(F))
			Slow = S.CreateCall(
				FT,
				slowPathAsm(FT, Symbol, Shared,
					    Slot && !isa<Constant>(Slot) &&
						    !Shared),
				Args, Prefix + ".slow.node");
		else
			Slow = S.CreateCall(F.getParent()->getOrInsertFunction(
						    Symbol, FT),
					    Args, Prefix + ".slow.node");
		Slow->setDoesNotThrow();
		IRBuilder<> E(Before);
		PHINode *N = E.CreatePHI(P, 2, Prefix + ".node");
		N->addIncoming(Fast, Head);
		N->addIncoming(Slow, Slow->getParent());
		return N;
	}

	/* Context mode, a transition at a call site (direct_entry.h):
	 * before Call, the callee's node from this function's kid slot
	 * Slot, made by the slow path on first use; counted; passed as
	 * Call's last argument.
	 *     %kid = getelementptr i8, ptr %n, i64 (32 + 8 * Slot)
	 *     %c = load ptr, ptr %kid
	 *     br (%c == null), label %ccprof.kid.slow, label %ccprof.kid.entered
	 *   ccprof.kid.slow:
	 *     %s = call ptr @__ccprof_ctx_kid(%n, @__ccprof_ccs[j],
	 *                                     @__ccprof_tctx[j], Slot)
	 *   ccprof.kid.entered:
	 *     %m = phi ptr [%c, ...], [%s, %ccprof.kid.slow]
	 *     %m->calls += 1
	 *     call @g.ccprof(..., ptr %m) */
	void enterAtCallSite(const KidSite &Site, unsigned Slot)
	{
		CallBase *Call = Site.Call;
		IRBuilder<> B(Call);
		if (Site.Count >= 0) {
			countTinyLeaf(B, outerNode(B), Site.Count);
			Call->setArgOperand(Call->arg_size() - 1,
					    ConstantPointerNull::get(
						    ptrType(F.getContext())));
			return;
		}
		if (Site.SiteEntry) { /* the site entry does the rest */
			Call->setArgOperand(Call->arg_size() - 2,
					    outerNode(B));
			Call->setArgOperand(Call->arg_size() - 1,
					    B.getInt64(Slot));
			return;
		}
		Value *N = enterKid(Call, outerNode(B), B.getInt64(Slot),
				    Site.CalleeIndex);
		Call->setArgOperand(Call->arg_size() - 1, N);
	}

	/* Context mode, at B: a call of a tiny leaf counted in the kid
	 * count I before the node N (ccprof_abi.def, CTX_COUNT_OFFSET):
	 *     %w = getelementptr i8, ptr %n, i64 -(16 + 8 * I)
	 *     store (load %w) + 1, %w
	 * The leaf's body gets no node: it stores none and calls nothing. */
	void countTinyLeaf(IRBuilder<> &B, Value *N, int I)
	{
		if (!O.Count)
			return;
		Type *I64 = B.getInt64Ty();
		Value *W = B.CreateInBoundsGEP(
			B.getInt8Ty(), N,
			B.getInt64(-(int64_t)(abi::CTX_COUNT_OFFSET + 8 * I)),
			"ccprof.kid.count");
		W = B.CreatePointerCast(W, pointerTo(I64));
		Value *V = B.CreateAlignedLoad(I64, W, Align(8));
		B.CreateAlignedStore(B.CreateAdd(V, ConstantInt::get(I64, 1)),
				     W, Align(8));
	}

	/* Context mode, before Before: the node in From's kid slot Slot
	 * (a constant, or a site entry's argument), made by the slow path
	 * on first use, counted. */
	Value *enterKid(Instruction *Before, Value *From, Value *Slot,
			unsigned Callee)
	{
		LLVMContext &C = F.getContext();
		PointerType *P = ptrType(C);
		IRBuilder<> B(Before);
		Value *Offset = B.CreateAdd(B.CreateShl(Slot, 3),
					    B.getInt64(abi::CTX_NODE_SIZE));
		Value *Kid = B.CreateInBoundsGEP(B.getInt8Ty(), From, Offset,
						 "ccprof.kid");
		Value *Node = B.CreateAlignedLoad(
			P, B.CreatePointerCast(Kid, pointerTo(P)), Align(8),
			"ccprof.kid.load");
		Value *Miss = B.CreateICmpEQ(Node, ConstantPointerNull::get(P));
		PHINode *N = slowPathIf(Miss, Before, Node, abi::SymCTX_KID,
					"ccprof.kid", From, Callee, Slot);
		if (O.Count)
			countNode(Before, N);
		return N;
	}

	/* Context mode: the entry transition into cost centre Index from
	 * the `current` value From, inserted before Before (which ends up
	 * at the start of the block after the slow path).  Returns n. */
	Value *transition(Instruction *Before, Value *From, unsigned Index)
	{
		LLVMContext &C = F.getContext();
		PointerType *P = ptrType(C);
		IRBuilder<> B(Before);
		Type *I64 = B.getInt64Ty();
		/* this thread's table for cost centre Index; the way at
		 * HEADER + ((from >> (SHIFT - 4)) & mask) */
		Value *Memo = memoOf(B, Index);
		Value *Table = B.CreateAlignedLoad(P, Memo, Align(8),
						   "ccprof.memo.table");
		Value *Mask = B.CreateAlignedLoad(
			I64, B.CreatePointerCast(Table, pointerTo(I64)),
			Align(8), "ccprof.memo.mask");
		Value *Offset = B.CreateAnd(
			B.CreateLShr(B.CreatePtrToInt(From, I64),
				     abi::CTX_MEMO_SHIFT - 4),
			Mask, "ccprof.memo.offset");
		Value *Way = B.CreateInBoundsGEP(
			B.getInt8Ty(), Table,
			B.CreateAdd(Offset,
				    ConstantInt::get(I64, abi::CTX_MEMO_HEADER)),
			"ccprof.way");
		StructType *MemoTy = abi::ctxMemoType(C);
		Way = B.CreatePointerCast(Way, pointerTo(MemoTy));
		Value *MFrom = B.CreateAlignedLoad(
			P, B.CreateStructGEP(MemoTy, Way, abi::CtxMemoFrom),
			Align(8), "ccprof.memo.from");
		Value *MTo = B.CreateAlignedLoad(
			P, B.CreateStructGEP(MemoTy, Way, abi::CtxMemoTo),
			Align(8), "ccprof.memo.to");
		Value *Hit = B.CreateICmpEQ(MFrom, From, "ccprof.hit");
		return slowPathIf(B.CreateNot(Hit), Before, MTo,
				  abi::SymCTX_ENTER, "ccprof", From, Index,
				  nullptr, Memo);
	}

	/* Context mode: n->calls += 1 (the node is this thread's). */
	static void countNode(Instruction *Before, Value *N)
	{
		IRBuilder<> B(Before);
		Type *I64 = B.getInt64Ty();
		Value *Calls = B.CreatePointerCast(N, pointerTo(I64));
		Value *V = B.CreateAlignedLoad(I64, Calls, Align(8));
		B.CreateAlignedStore(B.CreateAdd(V, ConstantInt::get(I64, 1)),
				     Calls, Align(8));
	}

	/* Context mode: enter T (the function, or a scope) from the value
	 * From of `current`. */
	void enterContext(Instruction *Before, Target T, Value *From)
	{
		Value *N = transition(Before, From, T.Index);
		if (O.Count)
			countNode(Before, N);
		IRBuilder<> B(Before);
		if (T.Scope >= 0)
			B.CreateStore(N, ScopeNodes[T.Scope]);
		else
			OuterNode = N;
		if (!(Direct && Direct->Forward) && O.StoreNode)
			storeCurrent(Before, Current, N); /* else the body's */
	}

	Target targetOf(const BasicBlock *BB) const
	{
		auto It = ScopeOf.find(BB);
		if (It == ScopeOf.end() || It->second < 0)
			return Outer;
		const SccScope &S = Scopes[It->second];
		return {(int)S.Index, S.Counters, It->second};
	}

	void set(Instruction *Before, Target T) const
	{
		if (Ctx) {
			IRBuilder<> B(Before);
			storeCurrent(Before, Current, nodeOf(B, T));
		} else if (T.Index < 0)
			storeCurrent(Before, Current, Saved);
		else if (Slots)
			storeCurrentSlot(Before, Current, Slots, T.Index);
		else
			storeCurrent(Before, Current, asPtr(T.Counters));
	}

	void enter(Instruction *Before, Target T) const
	{
		if (O.Count)
			countEntry(Before, O, T.Counters, ThreadCalls, T.Index);
		if (O.SetCurrent)
			set(Before, T);
	}

	/* Context mode, at the function's entry: read `current`; a
	 * profiled function enters its node, an excluded one keeps the
	 * value as Saved; every scope's node starts as the function's. */
	void enterFunctionContext(Instruction *Entry, bool Profiled)
	{
		PointerType *P = ptrType(F.getContext());
		IRBuilder<> A(&*F.getEntryBlock().getFirstInsertionPt());
		for (size_t I = 0; I < Scopes.size(); I++)
			ScopeNodes.push_back(
				A.CreateAlloca(P, nullptr, "ccprof.scope.slot"));
		IRBuilder<> B(Entry);
		if (Direct && Direct->IsBody) {
			/* the caller made the transition and counted */
			OuterNode = F.getArg(F.arg_size() - 1);
			if (O.StoreNode)
				storeCurrent(Entry, Current, OuterNode);
		} else if (Direct && Direct->IsSiteEntry) {
			/* the caller's kid slot; the body stores `current` */
			unsigned N = F.arg_size();
			OuterNode = enterKid(Entry, F.getArg(N - 2),
					     F.getArg(N - 1), Outer.Index);
			Direct->Forward->setArgOperand(
				Direct->Forward->arg_size() - 1, OuterNode);
		} else {
			/* main and static constructors and destructors
			 * start from the root, whatever `current` holds:
			 * the program's start or end, not a child of the
			 * last profiled function another constructor ran
			 * (the loader resets nothing).  An unprofiled one
			 * (a C++ initialiser) stores the root, so that
			 * what it calls starts from there too. */
			Value *From = ConstantPointerNull::get(P);
			bool Root = startsFromRoot(F);
			if (!Root)
				From = B.CreateLoad(
					P, threadLocalAddress(B, Current),
					/*isVolatile=*/true, "ccprof.from");
			if (Profiled)
				enterContext(Entry, Outer, From);
			else
				Saved = From;
			Found = From;
			if (Root && !Profiled)
				storeCurrent(Entry, Current, From);
			if (Direct && Direct->Forward)
				Direct->Forward->setArgOperand(
					Direct->Forward->arg_size() - 1,
					OuterNode);
		}
		IRBuilder<> After(Entry);
		if (Profiled && !(Direct && Direct->IsSiteEntry) &&
		    keepsNodeInMemory(F)) {
			/* at the entry block's start: A's place may have
			 * moved below the transition's split */
			BasicBlock &EB = F.getEntryBlock();
			IRBuilder<> Top(&EB, EB.begin());
			NodeSlot = Top.CreateAlloca(P, nullptr,
						    "ccprof.node.slot");
			After.CreateStore(OuterNode, NodeSlot);
		}
		for (AllocaInst *Slot : ScopeNodes)
			After.CreateStore(Profiled ? OuterNode : Saved, Slot);
	}

	/* Each block's innermost scope: the scope whose first block
	 * dominates it and is dominated by every other such. */
	void mapScopes()
	{
		DominatorTree DT(F);
		for (BasicBlock &BB : F) {
			int Inner = -1;
			for (unsigned I = 0; I < Scopes.size(); I++) {
				BasicBlock *E = Scopes[I].Entry;
				if (!DT.dominates(E, &BB))
					continue;
				if (Inner < 0 ||
				    DT.dominates(Scopes[Inner].Entry, E))
					Inner = (int)I;
			}
			ScopeOf[&BB] = Inner;
		}
	}

	/* The first instruction of the code run when A -> B is taken. */
	static Instruction *onEdge(BasicBlock *A, BasicBlock *B)
	{
		if (B->getSinglePredecessor() != A)
			B = SplitEdge(A, B);
		return &*B->getFirstInsertionPt();
	}

	void run(bool Profiled)
	{
		Restores = restoresOnReturn(Profiled);
		std::vector<Instruction *> Resets;
		if (O.SetCurrent)
			Resets = collectResetPoints(F, TLI);
		if (!Profiled && Resets.empty() && Scopes.empty() &&
		    !(Ctx && startsFromRoot(F) && callsAnything(F)))
			return; /* nothing it calls can move `current` */
		if (Ctx && !O.SetCurrent)
			return; /* rejected by readOptions */
		/* Context mode splits the entry block (the slow path): done
		 * first, so that the edges below are those of the final CFG. */
		Instruction *Entry = entryPoint(F);
		if (Ctx)
			enterFunctionContext(Entry, Profiled);
		mapScopes();

		/* The edges that enter a scope (from its marker) or cross
		 * between parts of the function, on the CFG as it is now. */
		std::vector<std::pair<BasicBlock *, BasicBlock *>> Crossings;
		std::vector<std::pair<BasicBlock *, int>> Entries;
		for (BasicBlock &A : F)
			for (BasicBlock *B : successors(&A)) {
				if (B->isEHPad())
					continue; /* a reset point already */
				int SA = ScopeOf[&A], SB = ScopeOf[B];
				if (SA == SB)
					continue;
				bool IsEntry = false;
				for (unsigned I = 0; I < Scopes.size(); I++)
					if (Scopes[I].Entry == B &&
					    Scopes[I].Marker->getParent() == &A)
						IsEntry = (int)I == SB;
				if (IsEntry)
					Entries.push_back({&A, SB});
				else if (O.SetCurrent)
					Crossings.push_back({&A, B});
			}
		std::vector<std::pair<Instruction *, Target>> Sets;
		for (Instruction *Before : Resets)
			Sets.push_back({Before, targetOf(Before->getParent())});

		if (Ctx) {
			/* entered above */
		} else if (Profiled) {
			if (Restores) {
				IRBuilder<> B(Entry);
				Found = B.CreateLoad(
					ptrType(F.getContext()),
					threadLocalAddress(B, Current),
					/*isVolatile=*/true, "ccprof.found");
			}
			enter(Entry, Outer);
		} else if (O.SetCurrent) {
			IRBuilder<> B(Entry);
			Saved = B.CreateLoad(ptrType(F.getContext()),
					     threadLocalAddress(B, Current),
					     /*isVolatile=*/true, "ccprof.saved");
		}
		for (auto &S : Sets)
			set(S.first, S.second);
		for (auto &C : Crossings) {
			Target T = targetOf(C.second);
			set(onEdge(C.first, C.second), T);
		}
		for (auto &E : Entries) {
			const SccScope &S = Scopes[E.second];
			Target T = {(int)S.Index, S.Counters, E.second};
			if (!Ctx) {
				enter(onEdge(E.first, S.Entry), T);
				continue;
			}
			Target From = targetOf(E.first);
			Instruction *Before = onEdge(E.first, S.Entry);
			IRBuilder<> B(Before);
			enterContext(Before, T, nodeOf(B, From));
		}
		if (Ctx && Profiled && NodeSlot && isCoroutine(F))
			reenterAfterSuspends();
		removeSccMarkers(Scopes);
		if (Direct)
			for (size_t K = 0, Slot = 0; K < Direct->Sites.size();
			     K++)
				enterAtCallSite(Direct->Sites[K],
						Direct->Sites[K].Count >= 0
							? 0 : Slot++);
		if (Restores && Found)
			for (BasicBlock &BB : F)
				if (auto *Ret = dyn_cast<ReturnInst>(
					    BB.getTerminator()))
					storeCurrent(Ret, Current, Found);
	}

	/* Context mode, a coroutine: on each edge out of a suspension
	 * point into its code (resumed, or destroyed while suspended) the
	 * node is entered again, uncounted, from `current`, the resumer's
	 * node: the coroutine's node under whoever resumes it, in the tree
	 * of the thread that does (GCC's resume function, `.actor`, enters
	 * it as any function does).  Without it the frame would keep the
	 * node of the creating call, another thread's after a hand-off. */
	void reenterAfterSuspends()
	{
		PointerType *P = ptrType(F.getContext());
		std::vector<std::pair<BasicBlock *, BasicBlock *>> Edges;
		for (BasicBlock &BB : F)
			for (Instruction &I : BB) {
				auto *II = dyn_cast<IntrinsicInst>(&I);
				if (!II || II->getIntrinsicID() !=
						   Intrinsic::coro_suspend)
					continue;
				for (User *U : II->users()) {
					auto *SW = dyn_cast<SwitchInst>(U);
					if (!SW)
						continue;
					for (auto Case : SW->cases()) {
						std::pair<BasicBlock *,
							  BasicBlock *>
							E = {SW->getParent(),
							     Case.getCaseSuccessor()};
						if (std::find(Edges.begin(),
							      Edges.end(), E) ==
						    Edges.end())
							Edges.push_back(E);
					}
				}
			}
		for (auto &E : Edges) {
			Instruction *Before = onEdge(E.first, E.second);
			IRBuilder<> B(Before);
			Value *From = B.CreateLoad(
				P, threadLocalAddress(B, Current),
				/*isVolatile=*/true, "ccprof.resumer");
			Value *N = transition(Before, From, Outer.Index);
			IRBuilder<> A(Before);
			A.CreateStore(N, NodeSlot);
			storeCurrent(Before, Current, N);
		}
	}

	/* A profiled function that unprofiled code may call back (its
	 * address is taken) puts `current` back as it found it when it
	 * returns, so that what that code does next, or the next function
	 * it calls back, is not charged to this one or made its child.
	 * Not a tiny leaf (which stores nothing), nor a body or site entry
	 * (only profiled callers, which reset, call those), nor a function
	 * whose calls in tail position must stay jumps: O.RestoresOnReturn
	 * is set only when they allow it (tail_chains.h), decided for the
	 * module before anything changed. */
	bool restoresOnReturn(bool Profiled) const
	{
		if (!Profiled || !O.RestoresOnReturn || !O.SetCurrent ||
		    !O.StoreNode)
			return false;
		return !(Direct && (Direct->IsBody || Direct->IsSiteEntry));
	}
	bool Restores = false; /* restoresOnReturn, decided first */
};

} // namespace

void instrumentFunction(Function &F, const Options &O,
			const TargetLibraryInfo *TLI, GlobalVariable *Current,
			GlobalVariable *ThreadCalls, GlobalVariable *Slots,
			const CostCentre *Own, unsigned OwnIndex,
			const std::vector<SccScope> &Scopes,
			const ContextGlobals *Ctx, const DirectCalls *Direct)
{
	Target Outer = {-1, nullptr, -1};
	if (Own)
		Outer = {(int)OwnIndex, Own->Counters, -1};
	FunctionInstrumenter(F, O, TLI, Current, ThreadCalls, Slots, Scopes,
			     Outer, Ctx, Direct)
		.run(Own != nullptr);
}

} // namespace ccprof
