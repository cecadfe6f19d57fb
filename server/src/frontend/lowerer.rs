//! The `Lowerer` of one kernel: its state, the values it works on, and the small helpers every part uses.

use crate::base::{HashMap, HashSet};

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::pointers::PointerState;
use crate::frontend::types::{text, GroupKind, Ty};
use crate::frontend::{Ctx, FnDef};
use crate::ir::{
    ArrayId, BinOp, Expr, Kernel, MemSpace, ParamId, ScalarTy, Span, Stmt, StmtId, StmtKind,
    VarDecl, VarId,
};

/// Deepest statement/expression nesting lowered.
pub(crate) const MAX_NESTING: usize = 200;

/// Longest flat chain of binary operators (`a + b + ... `) along one path: it
/// is recursion all the same (the tree is left-deep), so it is bounded, but
/// far beyond [`MAX_NESTING`] (unrolled code).
pub(crate) const MAX_CHAIN_LINKS: usize = 10_000;

/// Deepest chain of inlined calls.
pub(crate) const MAX_INLINE_DEPTH: usize = 16;

/// Most calls inlined into one kernel (call trees grow exponentially).
pub(crate) const MAX_INLINED_CALLS: usize = 4096;

/// Most statements of one lowered kernel, inlined copies of function bodies
/// included (the IR statement limit). A statement of the IR takes about
/// 0.85 KB with its expressions (measured on generated straight-line
/// kernels), so the IR of a kernel stays under about 450 MB; lowering that
/// many statements takes longer than the default budget, so real kernels
/// meet the deadline first.
pub(crate) const MAX_STMTS: u32 = 500_000;

/// Largest aggregate copied leaf by leaf.
pub(crate) const MAX_LEAVES: usize = 64;

/// Largest by-value aggregate kernel parameter split into one parameter per
/// leaf (a parameter is never copied leaf by leaf unless the kernel copies
/// it, and an unused leaf is an unconstrained symbol, so it costs little).
pub(crate) const MAX_PARAM_LEAVES: usize = 1024;

/// Longest private array of scalars tracked element by element.
pub(crate) const MAX_CELLS: u64 = 16;

/// Longest private array of scalars tracked element by element when an
/// initializer list gives its values (a lookup table such as row strides):
/// reads at a computed index select among the elements.
pub(crate) const MAX_TABLE_CELLS: u64 = 64;

/// Stores at computed indices into one tracked private array before its
/// elements are havocked instead (each such store rewrites every element:
/// the checker's terms would grow without bound).
pub(crate) const MAX_COMPUTED_CELL_STORES: u32 = 8;

/// Most case groups of a switch.
pub(crate) const MAX_SWITCH_GROUPS: usize = 512;

/// Why a kernel cannot be lowered.
#[derive(Clone, Debug)]
pub(crate) struct Unsup {
    /// Message.
    pub reason: String,
    /// Offending construct.
    pub span: Span,
}

pub(crate) type R<T> = Result<T, Unsup>;

/// What a pointer points into.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Target {
    /// An array of the kernel.
    Array(ArrayId),
    /// Per-thread memory (private arrays, strings): cannot race.
    Private,
    /// A local variable (`&x`).
    Local(Box<Slot>),
    /// One of several locals, or a local that changes between loop
    /// iterations: reads are havocked and writes havoc every local whose
    /// address is taken.
    Locals,
    /// Null (a literal null or value-initialised pointer).
    Null,
    /// Declared without an initializer and not assigned on some path: its
    /// value is indeterminate, so where it is used it may point at any array
    /// (`Lowerer::materialise_unset`), never at nothing.
    Unset,
    /// One of several arrays: the `k`-th when the local `sel` holds `k`.
    Choice(Vec<ArrayId>, VarId),
}

/// What earlier lowering rounds learnt about pointers with several targets.
#[derive(Clone, Debug, Default)]
pub(crate) struct PointerConflicts {
    /// Pointers that may target several arrays, with those arrays.
    pub arrays: HashMap<String, Vec<ArrayId>>,
    /// Pointers that may target several locals (`Target::Locals` throughout).
    pub locals: HashSet<String>,
    /// A shared address is stored into global memory somewhere: a pointer
    /// read from global memory may then point into shared memory too.
    pub shared_address_in_global: bool,
    /// Shared pointer cells (`__shared__ T *p;`), by their array's name and
    /// declaration: the arrays the pointers stored into them target (see
    /// `Lowerer::pointer_cell_target`), or None when some store or read of
    /// the cell does not allow the claim.
    pub cell_targets: HashMap<ArrayKey, Option<Vec<ArrayKey>>>,
    /// Pointer cells are not followed (too many rounds spent on them).
    pub cells_off: bool,
}

/// An array named by its name and declaration site: stable across lowering
/// rounds, unlike its `ArrayId` (alias arrays are created on demand).
pub(crate) type ArrayKey = (String, crate::ir::Span);

/// Storage of a local variable.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Slot {
    /// A scalar local.
    Var(VarId, ScalarTy),
    /// A pointer local: byte offset in a LONG local; its current target is
    /// tracked flow-sensitively in `PointerState::targets`.
    Ptr {
        off: VarId,
        pointee: Ty,
        name: String,
    },
    /// A pointer that is never reassigned: fixed target, offset 0.
    PtrConst { target: Target, pointee: Ty },
    /// A struct or vector, field by field.
    Agg(Ty, Vec<Slot>),
    /// A per-thread array (its type) whose elements are not tracked.
    PrivArray(Ty),
    /// A small per-thread array of scalars (its type), one local per element:
    /// elements at constant indices keep their values (event lists, small
    /// index tables); any other access havocs them all.
    Cells(Ty, ScalarTy, Vec<VarId>),
    /// A cooperative-groups handle.
    Group(GroupKind),
}

/// A value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Val {
    /// A scalar.
    Scalar(Expr, ScalarTy),
    /// A pointer.
    Ptr {
        target: Target,
        offset: Expr,
        pointee: Ty,
    },
    /// A struct or vector value, field by field.
    Agg(Ty, Vec<Val>),
    /// A cooperative-groups handle.
    Group(GroupKind),
    /// No value.
    Void,
}

/// Something assignable.
#[derive(Clone, Debug)]
pub(crate) enum LVal {
    /// A local.
    Slot(Slot),
    /// Memory of an array; `site` is the access expression as written (and whether it is in a macro).
    Mem {
        target: Target,
        offset: Expr,
        ty: Ty,
        site: (Span, bool),
    },
    /// Several lvalues (multi-component swizzle).
    Parts(Ty, Vec<LVal>),
    /// Per-thread memory that cannot race: writes dropped, reads havocked.
    Discard(Ty),
}

/// A name in scope.
#[derive(Clone, Debug)]
pub(crate) enum Binding {
    Slot(Slot),
    Array {
        id: ArrayId,
        ty: Ty,
    },
    Value(Val),
    Ref(LVal),
    /// A lambda held in a local (`auto f = [=](int i) { .. };`).
    Lambda(std::rc::Rc<LambdaDef>),
}

/// A lambda expression bound to a local name: where it is written, and the
/// names its body sees.
#[derive(Clone, Debug)]
pub(crate) struct LambdaDef {
    /// Unit of the `lambda_expression`.
    pub(crate) unit: usize,
    /// Its byte range in that unit's text.
    pub(crate) range: (usize, usize),
    /// Scopes of the body: the enclosing scopes at the definition, plus the
    /// copies of the variables it captures by copy (made there).
    pub(crate) scopes: std::rc::Rc<Vec<HashMap<String, Binding>>>,
}

/// An inlined call in progress.
pub(crate) struct Frame {
    /// Where the return value goes.
    pub(crate) ret: Option<Slot>,
    /// The function returns a reference: `ret` is a pointer to the object.
    pub(crate) by_ref: bool,
    /// The return type is deduced (a lambda without a trailing return
    /// type): `ret` is made by the first `return` that runs in the lowering.
    pub(crate) deduce: bool,
    /// The declared return type is a reference (`W &f()`): `return x;`
    /// binds it, it copies or converts nothing.
    pub(crate) returns_reference: bool,
}

/// A forward jump in progress: an inlined function's `return` (label None) or a
/// forward `goto label`. Taking it sets `flag`; statements up to the target are
/// guarded by `!flag` and loops in between are left with `break`.
pub(crate) struct Exit {
    pub(crate) flag: VarId,
    /// Loops entered since the target's scope.
    pub(crate) loops: usize,
    pub(crate) label: Option<String>,
    /// Inline depth the exit belongs to (labels are function-local).
    pub(crate) frame: usize,
}

/// Whether `text` names a `volatile` type or a cache-volatile load (see
/// [`Lowerer::note_volatile`]), as a whole word; `volatile` right after
/// `asm` (`asm volatile`, `__asm__ __volatile__`) is left out.
pub(crate) fn names_volatile(text: &str) -> bool {
    // One scanner for both uses: `None` (a type trait or cache-volatile load)
    // names volatile too.
    super::volatile_params::volatile_words(text).is_none_or(|words| !words.is_empty())
}

/// Lowers one kernel.
pub(crate) struct Lowerer<'c, 't> {
    pub(crate) cx: &'c Ctx<'t>,
    pub(crate) unit: usize,
    /// The kernel being built.
    pub kernel: Kernel,
    pub(crate) cur: Vec<Stmt>,
    pub(crate) scopes: Vec<HashMap<String, Binding>>,
    pub(crate) type_overrides: HashMap<String, Ty>,
    pub(crate) stmt_span: Span,
    pub(crate) inline_site: Option<Span>,
    pub(crate) frames: Vec<Frame>,
    pub(crate) call_stack: Vec<String>,
    /// The constructors being inlined (unit, start byte of the
    /// definition): a delegating constructor calls another constructor of
    /// the same name, which is not recursion.
    pub(crate) inlined_ctors: Vec<(usize, usize)>,
    /// The kernel has a template type parameter that no single instantiation
    /// binds (modelled as opaque data): values computed from it (`sizeof`)
    /// are not the program's.
    pub(crate) opaque_type_params: bool,
    /// The kernel's type template parameters no instantiation in view
    /// binds (see `opaque_types`), and those bound.
    pub(crate) opaque_type_names: HashSet<String>,
    pub(crate) bound_type_params: HashSet<String>,
    /// Which of the kernel's distinct type instantiations to lower (an
    /// index into `instances`), when lowered once per instantiation.
    pub(crate) instance: Option<usize>,
    /// The distinct type instantiations of the kernel template found (their
    /// labels, and the written template arguments of the launches that run
    /// only other instantiations), when there are several and each is known
    /// (see `bind_instantiated_types`); empty otherwise.
    pub(crate) instances: Vec<(String, Vec<String>)>,
    /// Pointer parameters whose pointee names such a parameter.
    pub(crate) opaque_arrays: HashSet<ArrayId>,
    /// Pointer parameters (and struct parameters' pointer fields) to
    /// character types or `void`: views that may be of any object's bytes.
    pub(crate) byte_view_arrays: HashSet<ArrayId>,
    /// The unknown `sizeof` of each such parameter.
    pub(crate) opaque_sizes: HashMap<String, crate::ir::Expr>,
    /// Kernel template type parameters deduced at their only launch as the
    /// closure type of a lambda written there (`k<<<g, b>>>(.., [=]
    /// __device__ (int i) { .. })`): the parameter's name, and the unit and
    /// byte range of the `lambda_expression` (see `deduce`).
    pub(crate) closure_params: HashMap<String, (usize, usize, usize)>,
    /// The first object made of a class whose destructor (its own, or a
    /// member's or base's) has statements, where and of which class:
    /// destructors are not run at scope end, so the kernel is reported.
    pub(crate) destroyed_object: Option<(Span, String)>,
    /// The program's operator functions (free and member), by operator
    /// name without spaces (`operator+`): their keys in `cx.functions`.
    /// Computed at the first binary expression.
    pub(crate) operator_functions: Option<HashMap<String, Vec<String>>>,
    /// The class specifier (unit, node) that laid out each struct looked
    /// up so far (None: not found or not unique).
    pub(crate) class_definitions: HashMap<usize, Option<(usize, Node<'t>)>>,
    /// Whether the default initialisation of each struct's own members
    /// runs code (see `Lowerer::implicit_init_runs_code`).
    pub(crate) implicit_init_code: HashMap<usize, bool>,
    /// Nesting of implicit default initialisations in progress.
    pub(crate) implicit_depth: usize,
    pub(crate) depth: usize,
    /// Flat binary-operator chain links on the current path (see [`MAX_CHAIN_LINKS`]).
    pub(crate) chain_links: usize,
    /// Stores at computed indices so far, by the first element of the array.
    /// Pointer targets, pointer names, addressed locals, conflicts.
    pub ptrs: PointerState<'c>,
    pub(crate) computed_cell_stores: HashMap<VarId, u32>,
    pub(crate) alias_arrays: HashMap<u8, ArrayId>,
    /// Accesses of async copies not yet waited for, and whether a barrier was
    /// lowered since (then they are repeated at the wait).
    pub(crate) pending_copies: Vec<(Stmt, bool)>,
    /// Asynchronous copies in flight (`cp.async`, `__pipeline_memcpy_async`).
    pub(crate) asyncs: crate::frontend::calls::named::AsyncState,
    pub(crate) shared_decls: HashMap<(usize, usize), ArrayId>,
    /// Extents (outermost first, in elements; `None` where not even a
    /// symbolic value is known) of declared arrays whose type has a length
    /// the type environment could not evaluate (`__shared__ float
    /// t[BS][BS]` with `BS` a template parameter): the row strides of
    /// `t[i][j]` (see `Lowerer::pointee_stride`).
    pub(crate) array_extents: HashMap<ArrayId, (Ty, Vec<Option<Expr>>)>,
    /// The kernel's definition (unit, node): the root of what its code reaches.
    pub(crate) kernel_root: Option<(usize, Node<'t>)>,
    /// The values of the kernel's own non-type template parameters, by name
    /// (see `Lowerer::bind_class_template_params`).
    pub(crate) kernel_template_values: HashMap<String, (Expr, ScalarTy)>,
    /// Module-scope arrays (names) the kernel's code mentions, transitively
    /// through the functions it calls: what unknown code may write.
    pub(crate) module_arrays: Option<Vec<String>>,
    /// Set just before inlining a call whose reference result is used as an
    /// object: the call returns the object's address (`Frame::by_ref`).
    pub(crate) ref_return: bool,
    /// Set by the call that honoured `ref_return` (it returned an address).
    pub(crate) ref_returned: bool,
    /// What `callee_hazard` found, by definition.
    pub(crate) hazards: HashMap<(usize, usize), Option<String>>,
    /// The kernel's dynamic shared memory: every `extern __shared__`
    /// declaration names it (byte-addressed, each with its own element type).
    pub(crate) dynamic_shared: Option<ArrayId>,
    /// Known contents of constant arrays.
    pub(crate) const_inits: HashMap<ArrayId, Vec<i128>>,
    pub(crate) globals: HashMap<String, ArrayId>,
    pub(crate) exits: Vec<Exit>,
    pub(crate) signaled: Vec<VarId>,
    pub(crate) inlined_calls: usize,
    pub(crate) noted: HashSet<String>,
    /// Locals holding a set of lanes computed at run time (a ballot,
    /// `__activemask()`), or a value computed from one: a warp mask made of
    /// them names lanes not known here (see `Self::warp_mask_lanes`).
    /// With the statement that computed the lane set (None: several).
    pub(crate) lane_sets: HashMap<VarId, Option<StmtId>>,
    /// Unknown values standing for parts of a warp-aggregated increment on
    /// a coalesced group (see `calls::aggregated`).
    pub(crate) coalesced_roles: HashMap<VarId, crate::frontend::calls::aggregated::CoalescedRole>,
    /// The statements computing `__activemask()` (origins in `lane_sets`).
    pub(crate) active_mask_stmts: HashSet<StmtId>,
    /// Arrays of the kernel's `const T *__restrict__` parameters: read-only
    /// for the kernel's lifetime (see [`Self::unknown_effects`]).
    pub(crate) readonly_arrays: HashSet<ArrayId>,
    /// Scalar locals of a class the front end does not know, constructed
    /// from memory (`cuda::std::atomic_ref<int> r(*flag);`): the addresses of
    /// their constructor's arguments, which the object may refer to (see
    /// `Lowerer::unknown_method_reach`).
    pub(crate) constructed_from: HashMap<VarId, Vec<Val>>,
    /// The address [`Lowerer::constructed_from`] gets for the local being
    /// declared.
    pub(crate) pending_constructed_from: Option<Val>,
    /// Locals declared as a `cuda::atomic_ref` (or `cuda::std::atomic_ref`):
    /// `Some(scope)` when bound to one element of an array at a scope the
    /// front end models, device or system (`""`) or block (`"_block"`):
    /// their methods and operators are atomics on the referent (see
    /// `Lowerer::atomic_ref_op`); `None` for any other, whose every use is
    /// unsupported (its referent is not known).
    pub(crate) atomic_refs: HashMap<VarId, Option<&'static str>>,
    /// Arrays read by a cache-volatile load (`__ldcv`, `__ldcg`): every read
    /// of them is volatile (see [`Self::mark_volatile_reads`]).
    pub(crate) volatile_arrays: HashSet<ArrayId>,
    /// The program's `volatile T *p` helper parameters whose reach is
    /// tracked (see `volatile_params`); `None` when some `volatile` is not
    /// tracked (then every global read is volatile).
    pub(crate) volatile_params: Option<std::rc::Rc<super::volatile_params::TrackedParams>>,
    /// Global and constant arrays an inlined tracked `volatile` parameter
    /// targets: every read of them is volatile.
    pub(crate) volatile_param_arrays: HashSet<ArrayId>,
    /// A tracked parameter's target was not seen (a call not inlined, an
    /// argument of unknown target): every global read is volatile.
    pub(crate) volatile_unresolved: bool,
    pub(crate) next_tmp: u32,
    pub(crate) next_param_extra: u32,
    /// Pointer fields of struct parameters taken as one array with another
    /// pointer (see `merge_field_pointers`), merged in `finish`.
    pub(crate) merged_field_arrays: Vec<crate::ir::FieldAlias>,
    pub(crate) work_dim: Option<ParamId>,
    /// The kernel's PyTorch accessor parameters (see `frontend::accessors`).
    pub(crate) accessors: Vec<crate::frontend::accessors::AccessorParam>,
    /// A misparsed cast `(x) + y` lowered as the operand `y` alone, inside
    /// the multiplicative chain that really binds to `y` (see
    /// `Lowerer::misparsed_cast_chain`).
    pub(crate) cast_read_as_operand: Option<usize>,
}

impl<'c, 't> Lowerer<'c, 't> {
    /// A lowerer for the kernel defined by `def`.
    pub fn new(
        cx: &'c Ctx<'t>,
        def: &FnDef<'t>,
        conflicted: &'c PointerConflicts,
        kernel: Kernel,
    ) -> Self {
        Lowerer {
            cx,
            unit: def.unit,
            kernel,
            cur: Vec::new(),
            scopes: vec![HashMap::default()],
            type_overrides: HashMap::default(),
            stmt_span: Span::default(),
            inline_site: None,
            frames: Vec::new(),
            call_stack: vec![def.name.clone()],
            inlined_ctors: Vec::new(),
            opaque_type_params: false,
            opaque_type_names: HashSet::default(),
            bound_type_params: HashSet::default(),
            instance: None,
            instances: Vec::new(),
            opaque_arrays: HashSet::default(),
            byte_view_arrays: HashSet::default(),
            opaque_sizes: HashMap::default(),
            closure_params: HashMap::default(),
            destroyed_object: None,
            operator_functions: None,
            class_definitions: HashMap::default(),
            implicit_init_code: HashMap::default(),
            implicit_depth: 0,
            depth: 0,
            chain_links: 0,
            ptrs: PointerState::new(conflicted),
            computed_cell_stores: HashMap::default(),
            alias_arrays: HashMap::default(),
            pending_copies: Vec::new(),
            asyncs: Default::default(),
            shared_decls: HashMap::default(),
            array_extents: HashMap::default(),
            dynamic_shared: None,
            kernel_root: None,
            kernel_template_values: HashMap::default(),
            module_arrays: None,
            ref_return: false,
            ref_returned: false,
            hazards: HashMap::default(),
            const_inits: HashMap::default(),
            globals: HashMap::default(),
            exits: Vec::new(),
            signaled: Vec::new(),
            inlined_calls: 0,
            noted: HashSet::default(),
            lane_sets: HashMap::default(),
            coalesced_roles: HashMap::default(),
            cast_read_as_operand: None,
            active_mask_stmts: HashSet::default(),
            readonly_arrays: HashSet::default(),
            constructed_from: HashMap::default(),
            pending_constructed_from: None,
            atomic_refs: HashMap::default(),
            volatile_arrays: HashSet::default(),
            volatile_params: None,
            volatile_param_arrays: HashSet::default(),
            volatile_unresolved: false,
            next_tmp: 0,
            next_param_extra: 0,
            merged_field_arrays: Vec::new(),
            work_dim: None,
            accessors: Vec::new(),
        }
    }

    pub(crate) fn src(&self) -> &'t str {
        &self.cx.units[self.unit].text
    }

    /// Records whether the program text names a `volatile` type (also
    /// behind a typedef or a macro; `__volatile__` too) or a cache-volatile
    /// load (`__ldcv`, `__ldcg`): then memory the kernel reads may change
    /// while it runs. Every unit is looked at, host code included (an
    /// over-approximation). `asm volatile` qualifies an asm statement, not
    /// memory: not counted (the asm's outputs are unknown values anyway).
    pub(crate) fn note_volatile(&mut self) {
        self.kernel.uses_volatile = self.cx.units.iter().any(|u| names_volatile(&u.text));
        if self.kernel.uses_volatile {
            // Another kernel's volatile lvalues may designate memory this
            // kernel reads plainly (the same buffer, another launch): only
            // the one kernel that runs every tracked helper is precise.
            let me = self.kernel_root.map(|(u, n)| (u, n.start_byte()));
            self.volatile_params = super::volatile_params::tracked_volatile_params(self.cx.units)
                .filter(|t| t.roots.len() == 1 && me.is_some_and(|k| t.roots.contains(&k)))
                .map(std::rc::Rc::new);
        }
    }

    /// A call of `name` is lowered other than by inlining a definition:
    /// when `name` may run a tracked `volatile` helper, its argument is not
    /// seen, so every global read becomes volatile.
    pub(crate) fn note_call_not_inlined(&mut self, name: &str) {
        if self
            .volatile_params
            .as_ref()
            .is_some_and(|t| t.functions.contains(name))
        {
            self.volatile_unresolved = true;
        }
    }

    /// Records the arrays the argument `val` of the inlined `def`'s `k`-th
    /// parameter targets when that parameter is a tracked `volatile T *`
    /// (see `volatile_params`): their reads are volatile. A shared array is
    /// left out as in [`Self::mark_volatile_reads`]; a target that is not a
    /// known array makes every global read volatile.
    pub(crate) fn note_volatile_param(&mut self, def: &FnDef<'t>, k: usize, val: Option<&Val>) {
        let key = (def.unit, def.node.start_byte());
        let tracked = self
            .volatile_params
            .as_ref()
            .is_some_and(|t| t.params.get(&key).is_some_and(|ks| ks.contains(&k)));
        if !tracked {
            return;
        }
        let arrays: Vec<ArrayId> = match val {
            Some(Val::Ptr {
                target: Target::Array(a),
                ..
            }) => vec![*a],
            Some(Val::Ptr {
                target: Target::Choice(arrays, _),
                ..
            }) => arrays.clone(),
            // Per-thread memory: no other agent writes it.
            Some(Val::Ptr {
                target: Target::Private | Target::Local(_) | Target::Locals,
                ..
            }) => Vec::new(),
            _ => {
                self.volatile_unresolved = true;
                return;
            }
        };
        for a in arrays {
            match self.kernel.arrays.get(a.0 as usize) {
                Some(d) if d.may_alias_all => self.volatile_unresolved = true,
                Some(d) if d.space == MemSpace::Shared => {}
                Some(_) => {
                    self.volatile_param_arrays.insert(a);
                }
                None => self.volatile_unresolved = true,
            }
        }
    }

    /// Sets [`crate::ir::Access::volatile`] on the reads that may observe writes made
    /// while the kernel runs by an agent no statement models (the host
    /// through mapped memory, another grid):
    /// - every read of an array a cache-volatile load reads: the program
    ///   says another agent changes it (distinct arrays do not alias, the
    ///   documented assumption, so other arrays are not concerned);
    /// - when the program names a `volatile` type, every read of global or
    ///   constant memory: which arrays a `volatile` pointer reaches is not
    ///   tracked (casts, locals, typedefs, struct members), so all of them;
    /// - in both cases, every read through a pointer of unknown target.
    ///
    /// Shared memory is left out: only the threads of its own block write
    /// it, and every such write is a statement of the kernel (a write one
    /// thread makes while others read is a race the checker reports), so a
    /// `volatile` shared array of a warp-synchronous reduction keeps its
    /// reads' uniformity.
    pub(crate) fn mark_volatile_reads(&mut self) {
        let any = self.kernel.uses_volatile || !self.volatile_arrays.is_empty();
        if !any {
            return;
        }
        let arrays = &self.kernel.arrays;
        let marked = &self.volatile_arrays;
        let params = &self.volatile_param_arrays;
        let text = self.kernel.uses_volatile
            && (self.volatile_params.is_none() || self.volatile_unresolved);
        let is_volatile = |a: ArrayId| {
            marked.contains(&a)
                || params.contains(&a)
                || arrays.get(a.0 as usize).is_none_or(|d| {
                    d.may_alias_all
                        || (text && matches!(d.space, MemSpace::Global | MemSpace::Constant))
                })
        };
        crate::ir::walk::for_each_stmt_mut(&mut self.kernel.body.stmts, &mut |s| {
            if let StmtKind::Read { access, .. } = &mut s.kind {
                access.volatile = is_volatile(access.array);
            }
            true
        });
    }

    pub(crate) fn txt(&self, n: Node) -> &'t str {
        text(n, self.src())
    }

    pub(crate) fn span_of(&self, n: Node) -> (Span, bool) {
        self.cx.units[self.unit]
            .map
            .map(n.start_byte() as u32, n.end_byte() as u32)
    }

    pub(crate) fn span(&self, n: Node) -> Span {
        self.span_of(n).0
    }

    pub(crate) fn unsup<T>(&self, n: Node, reason: impl Into<String>) -> R<T> {
        Err(Unsup {
            reason: reason.into(),
            span: self.span(n),
        })
    }

    pub(crate) fn note(&mut self, n: Node, msg: String) {
        let span = self.inline_site.unwrap_or_else(|| self.span(n));
        if self.noted.insert(msg.clone()) {
            self.kernel.notes.push((span, msg));
        }
    }

    pub(crate) fn push(&mut self, kind: StmtKind, at: Node) {
        let site = self.span_of(at);
        self.push_site(kind, site);
    }

    pub(crate) fn push_site(&mut self, kind: StmtKind, site: (Span, bool)) {
        let (span, in_macro) = site;
        let id = StmtId(self.kernel.next_stmt_id);
        self.kernel.next_stmt_id += 1;
        let stmt_span = if self.stmt_span == Span::default() {
            span
        } else {
            self.stmt_span
        };
        if !self.asyncs.is_idle() {
            self.async_same_thread(id, &kind);
        }
        self.asyncs.track_token(&kind);
        if let StmtKind::Assign { var, value } = &kind {
            if !self.lane_sets.is_empty() {
                // A copy of a lane set is one (of the same origin); any other
                // value makes the local an ordinary mask (checked as the full
                // mask, which is stronger).
                let mut origins = Vec::new();
                crate::ir::walk::for_each_expr(value, &mut |e| {
                    if let Expr::Var(v) = e {
                        if let Some(o) = self.lane_sets.get(v) {
                            origins.push(*o);
                        }
                    }
                });
                if origins.is_empty() {
                    self.lane_sets.remove(var);
                } else {
                    let same = origins.iter().all(|o| *o == origins[0]);
                    self.lane_sets
                        .insert(*var, if same { origins[0] } else { None });
                }
            }
        }
        self.cur.push(Stmt {
            id,
            kind,
            span,
            stmt_span,
            in_macro,
            inlined_at: self.inline_site,
        });
    }

    /// A new local declared at `site` (for variables the front end adds
    /// away from the node being lowered).
    pub(crate) fn new_var_at(&mut self, name: &str, ty: ScalarTy, site: (Span, bool)) -> VarId {
        let id = VarId(self.kernel.vars.len() as u32);
        self.kernel.vars.push(VarDecl {
            name: name.to_string(),
            ty,
            span: site.0,
        });
        id
    }

    /// A statement with a fresh label at `site`, not pushed (the caller
    /// places it).
    pub(crate) fn stmt_at(&mut self, kind: StmtKind, site: (Span, bool)) -> Stmt {
        let id = self.kernel.fresh_stmt_id();
        Stmt {
            id,
            kind,
            span: site.0,
            stmt_span: site.0,
            in_macro: site.1,
            inlined_at: self.inline_site,
        }
    }

    pub(crate) fn new_var(&mut self, name: &str, ty: ScalarTy, at: Node) -> VarId {
        let id = VarId(self.kernel.vars.len() as u32);
        let span = self.span(at);
        self.kernel.vars.push(VarDecl {
            name: name.to_string(),
            ty,
            span,
        });
        id
    }

    pub(crate) fn tmp(&mut self, ty: ScalarTy, at: Node) -> VarId {
        let name = format!("$t{}", self.next_tmp);
        self.next_tmp += 1;
        self.new_var(&name, ty, at)
    }

    pub(crate) fn havoc(&mut self, ty: ScalarTy, at: Node) -> Expr {
        let v = self.tmp(ty, at);
        self.push(StmtKind::Havoc { var: v }, at);
        Expr::Var(v)
    }

    /// The direct bases of struct `k` (empty when unknown).
    pub(crate) fn struct_bases(&self, k: usize) -> Vec<usize> {
        self.cx
            .types
            .structs
            .get(k)
            .map(|sd| sd.bases.clone())
            .unwrap_or_default()
    }

    /// Class `k` and its bases, transitively, in depth-first order, each
    /// once; at most 65 classes (a guard against a cyclic or runaway
    /// hierarchy in malformed input).
    pub(crate) fn class_and_bases(&self, k: usize) -> Vec<usize> {
        let mut classes = Vec::new();
        let mut stack = vec![k];
        while let Some(c) = stack.pop() {
            if classes.contains(&c) || classes.len() > 64 {
                continue;
            }
            classes.push(c);
            stack.extend(self.struct_bases(c));
        }
        classes
    }

    /// The tag of struct `k` (empty when unknown).
    pub(crate) fn struct_name(&self, k: usize) -> String {
        self.cx
            .types
            .structs
            .get(k)
            .map(|sd| sd.name.clone())
            .unwrap_or_default()
    }

    /// The defined member function `method` of struct `k`, preferring one
    /// with `arity` parameters when given.
    /// The key of class `k`'s constructors among the functions: `W::W`,
    /// and `S<float, N>::S` for a specialisation.
    pub(crate) fn constructor_key(&self, k: usize) -> String {
        let tag = self.struct_name(k);
        let base = tag.split('<').next().unwrap_or(&tag).trim_end();
        format!("{tag}::{base}")
    }

    pub(crate) fn struct_method(
        &self,
        k: usize,
        method: &str,
        arity: Option<usize>,
    ) -> Option<FnDef<'t>> {
        let tag = self.struct_name(k);
        // A specialisation's tag is `S<float, N>`; its constructors are `S`.
        let method = match tag.split_once('<') {
            Some((base, _)) if method == tag => base.trim_end(),
            _ => method,
        };
        let defs = self.cx.functions.get(&format!("{tag}::{method}"))?;
        defs.iter()
            .find(|d| d.has_body && arity.is_none_or(|n| d.accepts(n)))
            .or_else(|| defs.iter().find(|d| d.has_body))
            .cloned()
    }

    pub(crate) fn havoc_val(&mut self, ty: &Ty, at: Node) -> Val {
        match ty {
            Ty::Scalar(s) => Val::Scalar(self.havoc(*s, at), *s),
            Ty::Vector(..) | Ty::Struct(_) if self.cx.types.leaf_count(ty, 0) <= MAX_LEAVES => {
                let parts = self.cx.types.parts(ty);
                let vals = parts.iter().map(|(_, t)| self.havoc_val(t, at)).collect();
                Val::Agg(ty.clone(), vals)
            }
            Ty::Ptr(p) => {
                let target = self.unknown_target(at);
                // An unknown pointer to a scalar is still aligned for it (C11
                // 6.3.2.3; scalars are aligned to their size on GPUs).
                let align = match **p {
                    Ty::Scalar(s) => crate::frontend::types::scalar_size(s).max(1) as i128,
                    _ => 1,
                };
                let k = self.havoc(ScalarTy::LONG, at);
                Val::Ptr {
                    target,
                    offset: bin(BinOp::Mul, k, int(align, ScalarTy::LONG), ScalarTy::LONG),
                    pointee: (**p).clone(),
                }
            }
            Ty::Array(e, _) => Val::Ptr {
                target: Target::Private,
                offset: int(0, ScalarTy::LONG),
                pointee: (**e).clone(),
            },
            Ty::Group(g) => Val::Group(*g),
            Ty::Void => Val::Void,
            _ => Val::Scalar(self.havoc(ScalarTy::INT, at), ScalarTy::INT),
        }
    }

    pub(crate) fn with_block(&mut self, f: impl FnOnce(&mut Self) -> R<()>) -> R<Vec<Stmt>> {
        let saved = std::mem::take(&mut self.cur);
        let r = f(self);
        let inner = std::mem::replace(&mut self.cur, saved);
        r.map(|_| inner)
    }

    pub(crate) fn enter(&mut self, n: Node) -> R<()> {
        if self.kernel.next_stmt_id > MAX_STMTS {
            return self.unsup(
                n,
                format!(
                    "kernel larger than the IR statement limit of {MAX_STMTS} statements after inlining"
                ),
            );
        }
        if let Some(why) = crate::base::interrupt::poll() {
            return self.unsup(n, format!("lowering stopped: {why}"));
        }
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.unsup(n, format!("code nested deeper than {MAX_NESTING} levels"));
        }
        Ok(())
    }

    pub(crate) fn lookup(&self, name: &str) -> Option<&Binding> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    pub(crate) fn bind(&mut self, name: &str, b: Binding) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), b);
        }
    }

    pub(crate) fn size_of(&self, t: &Ty) -> u64 {
        self.cx.types.size(t)
    }

    pub(crate) fn part_names(&self, ty: &Ty) -> Vec<String> {
        match ty {
            Ty::Vector(_, n) => (0..*n)
                .map(|k| {
                    ["x", "y", "z", "w"]
                        .get(k as usize)
                        .map_or(format!("s{k:x}"), |s| s.to_string())
                })
                .collect(),
            Ty::Struct(k) => self
                .cx
                .types
                .structs
                .get(*k)
                .map(|s| s.fields.iter().map(|f| f.name.clone()).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    pub(crate) fn resolve_type(&self, n: Node) -> Ty {
        self.cx
            .types
            .resolve_base(n, self.src(), &self.type_overrides)
    }

    pub(crate) fn syntax_error<T>(&self, n: Node) -> R<T> {
        let span = self.span(n);
        let at = self.cx.describe(span);
        Err(Unsup {
            reason: format!("syntax error at {at}"),
            span,
        })
    }

    pub(crate) fn type_of_val(&self, v: &Val) -> Ty {
        match v {
            Val::Scalar(_, t) => Ty::Scalar(*t),
            Val::Ptr { pointee, .. } => Ty::Ptr(Box::new(pointee.clone())),
            Val::Agg(t, _) => t.clone(),
            Val::Group(g) => Ty::Group(*g),
            Val::Void => Ty::Scalar(ScalarTy::INT),
        }
    }

    /// Gives a copied statement (and its children) fresh labels.
    pub(crate) fn renumber(&mut self, stmt: &mut Stmt) {
        stmt.id = StmtId(self.kernel.next_stmt_id);
        self.kernel.next_stmt_id += 1;
        for b in crate::ir::walk::child_blocks_mut(stmt) {
            for s in &mut b.stmts {
                self.renumber(s);
            }
        }
    }

    pub(crate) fn lval_type(&self, lv: &LVal) -> Ty {
        match lv {
            LVal::Slot(s) => match s {
                Slot::Var(_, t) => Ty::Scalar(*t),
                Slot::Ptr { pointee, .. } | Slot::PtrConst { pointee, .. } => {
                    Ty::Ptr(Box::new(pointee.clone()))
                }
                Slot::Agg(t, _) | Slot::PrivArray(t) | Slot::Cells(t, ..) => t.clone(),
                Slot::Group(g) => Ty::Group(*g),
            },
            LVal::Mem { ty, .. } | LVal::Parts(ty, _) | LVal::Discard(ty) => ty.clone(),
        }
    }
}
