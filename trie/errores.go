package trie

import "errors"

// Errores que devuelve el paquete. Se comparan con [errors.Is].
var (
	// ErrLetraInvalida indica una palabra con una letra que no es menor que
	// letra.MaxLetras.
	ErrLetraInvalida = errors.New("trie: letra fuera de rango")
	// ErrDesordenado indica que un [Constructor] recibió una palabra menor
	// que la anterior.
	ErrDesordenado = errors.New("trie: palabras fuera de orden")
	// ErrFormato indica datos que no son la codificación de un [DAWG]:
	// truncados, corruptos o de otro formato. [ErrVersion] y [ErrChecksum]
	// son casos particulares y también lo satisfacen.
	ErrFormato = errors.New("trie: codificación de DAWG inválida")
	// ErrVersion indica una codificación de una versión que este paquete no
	// sabe leer.
	ErrVersion = errors.New("trie: versión de codificación no soportada")
	// ErrChecksum indica que la suma de control no coincide: los datos
	// están corruptos o truncados.
	ErrChecksum = errors.New("trie: la suma de control no coincide")
)

// ErrDemasiadoGrande indica un léxico cuyo [GADDAG] tendría más de
// [MaxArcos] arcos, o más prefijos o letras de los que [NuevoGADDAG]
// acepta ([MaxPrefijosGADDAG], [MaxLetrasGADDAG]).
var ErrDemasiadoGrande = errors.New("trie: el GADDAG no cabe en arcos de 32 bits")

// ErrOtroLexico indica algo hecho para otro léxico que el esperado: una
// codificación de [GADDAG] que no es la del [DAWG] dado a
// [DecodificarGADDAG] y, en los paquetes que lo envuelven con su
// contexto, unas tablas de los generadores de jugadas que no son del
// léxico de su variante. Es el único centinela de ese error.
var ErrOtroLexico = errors.New("trie: de otro léxico")
