// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @notice The org chart as the chain sees it: one acyclic tree under a fixed human root. The router asks
/// it who an agent reports to (the approver of an escalation), whether the agent may act at all, and
/// whether an approver is human (a human's ESCALATE settles instead of climbing).
interface IOrgRegistry {
    /// @dev None is the zero value so an unknown account reads as "not a node" without a separate flag.
    enum NodeKind {
        None,
        HumanRoot,
        ManagerAgent,
        WorkerAgent
    }

    struct Node {
        NodeKind kind;
        address parent;
        bool active;
    }

    event NodeAdded(address indexed account, NodeKind kind, address indexed parent);
    event NodeRemoved(address indexed account, address indexed parent);
    event NodeReparented(address indexed account, address indexed oldParent, address indexed newParent);
    event NodeActiveUpdated(address indexed account, bool active);

    error NodeAlreadyExists(address account);
    error NodeNotFound(address account);
    error InvalidParent(address parent);
    error CannotMutateRoot();
    error CyclicParent(address account, address parent);
    error NotAuthorized(address caller);

    function root() external view returns (address);

    /// @dev Reverts NodeNotFound for an account that is not in the tree.
    function getNode(address account) external view returns (Node memory);

    function getChildren(address account) external view returns (address[] memory);

    /// @dev The non-reverting reads below let a caller decide without try/catch: an unknown account is
    /// not a node, has no parent, is inactive and has kind None. The root's parent is address(0).
    function isNode(address account) external view returns (bool);

    function parentOf(address account) external view returns (address);

    function isActive(address account) external view returns (bool);

    function kindOf(address account) external view returns (NodeKind);
}
