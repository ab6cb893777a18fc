// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {IOrgRegistry} from "./interfaces/IOrgRegistry.sol";
import {Governed} from "./base/Governed.sol";

/// @notice The org chart: one acyclic tree under a root fixed at construction. Only the governor
/// changes it. The root is never removed, moved or deactivated, so every escalation path ends at a
/// human. Extra humans hang directly under the root, so no agent ever ranks above a human.
contract OrgRegistry is IOrgRegistry, Governed {
    using EnumerableSet for EnumerableSet.AddressSet;

    /// @dev Not in IOrgRegistry: only the governor's addNode can meet it.
    error InvalidNode(address account, NodeKind kind);

    address public immutable root;

    mapping(address account => Node) private _nodes;
    mapping(address account => EnumerableSet.AddressSet) private _children;

    constructor(address governor, address root_) Governed(governor) {
        if (root_ == address(0)) revert InvalidParent(address(0));
        root = root_;
        _nodes[root_] = Node(NodeKind.HumanRoot, address(0), true);
        emit NodeAdded(root_, NodeKind.HumanRoot, address(0));
    }

    /// @dev The design names NotAuthorized as the registry's error for a caller that is not the governor.
    function _checkOwner() internal view override {
        if (owner() != _msgSender()) revert NotAuthorized(_msgSender());
    }

    function addNode(address account, NodeKind kind, address parent) external onlyOwner {
        if (account == address(0) || kind == NodeKind.None) revert InvalidNode(account, kind);
        if (_exists(account)) revert NodeAlreadyExists(account);
        _checkParent(kind, parent);
        _nodes[account] = Node(kind, parent, true);
        _children[parent].add(account);
        emit NodeAdded(account, kind, parent);
    }

    /// @notice Reversible: an inactive node stays in the tree (its reports still climb through it) but cannot propose.
    function setActive(address account, bool active) external onlyOwner {
        _requireMutable(account);
        _nodes[account].active = active;
        emit NodeActiveUpdated(account, active);
    }

    /// @notice Removes a node; its children move up to its parent, so nobody is left without an approver.
    function removeNode(address account) external onlyOwner {
        _requireMutable(account);
        address parent = _nodes[account].parent;
        EnumerableSet.AddressSet storage kids = _children[account];
        while (kids.length() > 0) {
            address child = kids.at(kids.length() - 1);
            kids.remove(child);
            _nodes[child].parent = parent;
            _children[parent].add(child);
            emit NodeReparented(child, account, parent);
        }
        _children[parent].remove(account);
        delete _nodes[account];
        emit NodeRemoved(account, parent);
    }

    function reparent(address account, address newParent) external onlyOwner {
        _requireMutable(account);
        _checkParent(_nodes[account].kind, newParent);
        // Walking up from the new parent must reach the root without meeting the node itself,
        // else the move would cut the node's subtree off into a loop.
        for (address a = newParent; a != address(0); a = _nodes[a].parent) {
            if (a == account) revert CyclicParent(account, newParent);
        }
        address oldParent = _nodes[account].parent;
        _children[oldParent].remove(account);
        _children[newParent].add(account);
        _nodes[account].parent = newParent;
        emit NodeReparented(account, oldParent, newParent);
    }

    function getNode(address account) external view returns (Node memory) {
        if (!_exists(account)) revert NodeNotFound(account);
        return _nodes[account];
    }

    function getChildren(address account) external view returns (address[] memory) {
        if (!_exists(account)) revert NodeNotFound(account);
        return _children[account].values();
    }

    function isNode(address account) external view returns (bool) {
        return _exists(account);
    }

    function parentOf(address account) external view returns (address) {
        return _nodes[account].parent;
    }

    function isActive(address account) external view returns (bool) {
        return _nodes[account].active;
    }

    function kindOf(address account) external view returns (NodeKind) {
        return _nodes[account].kind;
    }

    function _exists(address account) private view returns (bool) {
        return _nodes[account].kind != NodeKind.None;
    }

    function _requireMutable(address account) private view {
        if (account == root) revert CannotMutateRoot();
        if (!_exists(account)) revert NodeNotFound(account);
    }

    function _checkParent(NodeKind kind, address parent) private view {
        if (!_exists(parent)) revert InvalidParent(parent);
        if (kind == NodeKind.HumanRoot && parent != root) revert InvalidParent(parent);
    }
}
